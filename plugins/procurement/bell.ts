/**
 * What procurement documents show on the bell (spec §3 Count object, §7 Real-time): approved
 * purchase requests not yet carried on (PrCount) and rejected ones (PrRejectedCount) for users who
 * may open the PR list, receivings not yet posted (RcvCount) for users who may open Receiving; a
 * purchase request's approval or rejection tells the company (prnotif, prclosednotif).
 */
import { sql } from 'kysely';
import type { PluginBell } from '../../engine/src/plugins/host.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';

const PR_LIST = { module: 'aircraft-logistic', route: 'pr-list' };

export const procurementBell: PluginBell = {
  counts: [
    {
      name: 'PrCount',
      entity: 'purchase_request',
      fields: ['statuswf', 'progress'],
      opens: PR_LIST,
      count: ({ compcode }) => sql`(select count(*) from purchase_request where compcode = ${compcode} and statuswf = ${sql.lit(STATUS.APPROVED)} and (progress = 0 or progress is null))`,
    },
    {
      name: 'PrRejectedCount',
      entity: 'purchase_request',
      fields: ['statuswf'],
      opens: PR_LIST,
      count: ({ compcode }) => sql`(select count(*) from purchase_request where compcode = ${compcode} and statuswf = ${sql.lit(STATUS.REJECTED)})`,
    },
    {
      name: 'RcvCount',
      entity: 'receiving',
      fields: ['posted'],
      opens: { module: 'aircraft-procurement', route: 'receiving' },
      count: ({ compcode }) => sql`(select count(*) from receiving where compcode = ${compcode} and posted = 0)`,
    },
  ],
  finished: { purchase_request: { [STATUS.APPROVED]: 'prnotif', [STATUS.REJECTED]: 'prclosednotif' } },
};
