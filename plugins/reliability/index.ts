/**
 * The reliability programme (metadata/maintenance/reliability.yaml): the monthly report's
 * computation (report.ts, rules in rules/reliability.ts) and what the bell counts of it; decision 0350.
 */
import { sql } from 'kysely';
import { definePlugin } from '../../engine/src/plugins/host.ts';
import { checkReport, computeReliabilityReport } from './report.ts';

export default definePlugin({
  name: 'reliability',
  hooks: {
    reliability_report: { beforeCreate: checkReport, beforeUpdate: checkReport },
  },
  actions: {
    compute_reliability_report: { entity: 'reliability_report', document: true, handler: computeReliabilityReport, run: (ctx, input) => computeReliabilityReport(ctx, input) },
  },
  bell: {
    counts: [
      {
        // the flagged chapters of the last 3 months' reports of the programmes this user is the reliability engineer of
        name: 'RelAlertCount',
        entity: 'reliability_report_chapter',
        fields: ['flagged'],
        opens: { module: 'aircraft-maintenance', route: 'reliability-report' },
        count: ({ compcode, userId }) => sql`(select count(*) from reliability_report_chapter l join reliability_report r on r.report_id = l.report join reliability_programme p on p.programme_id = r.programme
          where l.compcode = ${compcode} and l.flagged = 'ALERT' and p.engineer = ${userId} and r.computed_at > now() - interval '92 days')`,
      },
    ],
  },
});
