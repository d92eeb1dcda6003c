/**
 * Records verification on the administration screen (decision 0312): `verify_records` walks the
 * active company's audit chain with the one verifier (engine/src/records/verify.ts, the same as
 * `npm run verify:records`), stores the run as a Records Verification row (audited) and answers the
 * first broken link. A company's administrator sees its own company's chain only.
 */
import { definePlugin, type ActionContext } from '../../engine/src/plugins/host.ts';
import { loose } from '../../engine/src/db/loose.ts';
import { writeAudit } from '../../engine/src/crud/versioned.ts';
import { verifyRecords } from '../../engine/src/records/verify.ts';

/** The action `verify_records` (metadata `run: records/index#verifyCompanyRecords`). */
export async function verifyCompanyRecords(ctx: ActionContext) {
  const compcode = ctx.user.compcode;
  const report = await verifyRecords(ctx.db, compcode);
  const chain = report.chains.find((c) => c.company === compcode) ?? { company: compcode, rows: 0, ok: true, head: null };
  const b = chain.broken;
  // the seals of the company's signed records (decision 0305), in words; the first broken one
  // is the finding when the chain itself is intact
  const sr = report.seals.find((x) => x.company === compcode);
  const sealWords = (x: NonNullable<typeof sr>['broken'][number]) => `seal ${x.seal_id} (${x.kind}) of ${x.entity} ${x.record_key} ${x.status === 'changed' ? 'changed' : x.status.replace('_', ' ')}${x.fields.length ? `: ${x.fields.join(', ')}` : ''}`;
  const sealSummary = sr ? `${sr.checked} seals checked: ${sr.intact} intact, ${sr.superseded} superseded${sr.broken.length ? `, ${sr.broken.length} broken` : ''}.` : 'No signed records to check.';
  const sealBreak = !b && sr?.broken.length ? sr.broken[0] : undefined;
  const row = {
    compcode,
    result: report.ok ? 'INTACT' : 'BROKEN',
    chain_rows: chain.rows,
    head_seq: chain.head?.seq ?? null,
    head_hash: chain.head?.hash ?? null,
    broken_row: b?.row ?? null,
    broken_seq: b?.seq ?? null,
    broken_record: b?.entity ? `${b.entity} ${b.record_key ?? ''}`.slice(0, 150) : sealBreak ? `${sealBreak.entity} ${sealBreak.record_key}`.slice(0, 150) : null,
    finding: b?.what ?? (sealBreak ? `The ${sealWords(sealBreak)}.` : null),
    seals: [sealSummary, ...(sr?.broken ?? []).map((x) => `${sealWords(x)[0].toUpperCase()}${sealWords(x).slice(1)}.`)].join('\n').slice(0, 2000),
    duration_ms: report.ms,
    created_by: ctx.user.username,
  };
  const e = ctx.reg.entity('records_verification');
  const saved = await loose(ctx.db).insertInto(e.table).values(row).returning(e.key).executeTakeFirstOrThrow();
  const key = saved[e.key] as number;
  await writeAudit(ctx.db, ctx.user, e, key, 'insert', { after: row });
  const chainWords = chain.ok
    ? `The audit chain of ${compcode} is intact: ${chain.rows} rows verified up to link ${chain.head?.seq ?? 0}.`
    : `The audit chain of ${compcode} is broken at audit row ${b?.row ?? '(end)'}${b?.entity ? ` (${b.entity} ${b.record_key})` : ''}: ${b?.what}`;
  const message = `${chainWords} ${sealSummary}${sealBreak ? ` The ${sealWords(sealBreak)}.` : ''}`;
  return { success: 1, message, result: row.result, verification_id: key, broken: b ?? null };
}

export default definePlugin({
  name: 'records',
  actions: {
    verify_records: {
      entity: 'records_verification',
      handler: verifyCompanyRecords,
      run: verifyCompanyRecords,
    },
  },
});
