/**
 * Records verification on the administration screen (decision 0312): `verify_records` walks the
 * active company's audit chain with the one verifier (engine/src/records/verify.ts, the same as
 * `npm run verify:records`), stores the run as a Records Verification row (audited) and answers the
 * first broken link. A company's administrator sees its own company's chain only.
 */
import { definePlugin } from '../../engine/src/plugins/host.ts';
import { loose } from '../../engine/src/db/loose.ts';
import { writeAudit } from '../../engine/src/crud/versioned.ts';
import { verifyRecords } from '../../engine/src/records/verify.ts';

export default definePlugin({
  name: 'records',
  actions: {
    verify_records: {
      entity: 'records_verification',
      async run(ctx) {
        const compcode = ctx.user.compcode;
        const report = await verifyRecords(ctx.db, compcode);
        const chain = report.chains.find((c) => c.company === compcode) ?? { company: compcode, rows: 0, ok: true, head: null };
        const b = chain.broken;
        const row = {
          compcode,
          result: report.ok ? 'INTACT' : 'BROKEN',
          chain_rows: chain.rows,
          head_seq: chain.head?.seq ?? null,
          head_hash: chain.head?.hash ?? null,
          broken_row: b?.row ?? null,
          broken_seq: b?.seq ?? null,
          broken_record: b?.entity ? `${b.entity} ${b.record_key ?? ''}`.slice(0, 150) : null,
          finding: b?.what ?? null,
          seals: report.seals === null ? null : JSON.stringify(report.seals).slice(0, 2000),
          duration_ms: report.ms,
          created_by: ctx.user.username,
        };
        const e = ctx.reg.entity('records_verification');
        const saved = await loose(ctx.db).insertInto(e.table).values(row).returning(e.key).executeTakeFirstOrThrow();
        const key = saved[e.key] as number;
        await writeAudit(ctx.db, ctx.user, e, key, 'insert', { after: row });
        const message = report.ok
          ? `The audit chain of ${compcode} is intact: ${chain.rows} rows verified up to link ${chain.head?.seq ?? 0}.`
          : `The audit chain of ${compcode} is broken at audit row ${b?.row ?? '(end)'}${b?.entity ? ` (${b.entity} ${b.record_key})` : ''}: ${b?.what}`;
        return { success: 1, message, result: row.result, verification_id: key, broken: b ?? null };
      },
    },
  },
});
