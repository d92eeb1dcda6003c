/**
 * What material requests show on the bell (spec §3 Count object, §7 Real-time): approved requests
 * not yet taken into a purchase request (MrCount), lines closed in the last 7 days (MrClosedCount),
 * both for users who may open the requisition list; an approved request tells the company
 * (mrnotif). Indexes: material_request (compcode, statuswf, progress), material_request_line
 * (compcode, outstand, updated_at).
 */
import { sql } from 'kysely';
import type { PluginBell } from '../../engine/src/plugins/host.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';

const MR_LIST = { module: 'aircraft-logistic', route: 'mr-list' };

export const requisitionBell: PluginBell = {
  counts: [
    {
      name: 'MrCount',
      entity: 'material_request',
      fields: ['statuswf', 'progress'],
      opens: MR_LIST,
      count: ({ compcode }) => sql`(select count(*) from material_request where compcode = ${compcode} and statuswf = ${sql.lit(STATUS.APPROVED)} and (progress = 0 or progress is null))`,
    },
    {
      name: 'MrClosedCount',
      entity: 'material_request_line',
      fields: ['outstand'],
      opens: MR_LIST,
      count: ({ compcode }) => sql`(select count(*) from material_request_line where compcode = ${compcode} and outstand = 0 and updated_at > now() - interval '7 days')`,
    },
  ],
  finished: { material_request: { [STATUS.APPROVED]: 'mrnotif' } },
};
