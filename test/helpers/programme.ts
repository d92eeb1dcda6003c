/**
 * A receiving company with the same maintenance programme as another (the records transfer tests,
 * plugins/transfer and test/e2e/records-transfer.test.ts).
 */
import type { TestApp } from './app.ts';
import { sqlAll, sqlOne } from '../../server/test/support.ts';

type Row = Record<string, any>;

/** The programme entities of a type, in the order they reference each other. */
const PROGRAMME = ['aircraft_type_component', 'aircraft_type_component_penalty', 'aircraft_type_component_limit', 'aircraft_type_inspection', 'aircraft_type_llp', 'llp_rating_factor', 'aircraft_type_sb', 'aircraft_type_ad'];

/**
 * Gives company `to` the programme company `from` has for a type, through the API as its
 * administrator (each row created as a planner types it): references to rows of the programme
 * follow the copies, references to master data (ATA chapters, kinds of inspection, items) are the
 * receiving company's rows with the same code.
 */
export async function copyProgramme(t: TestApp, from: string, to: string, typeName: string, token: string): Promise<void> {
  const reg = t.services.reg;
  const typeOf = async (c: string) => Number((await sqlOne(t, `select aircraft_type_id as id from aircraft_type where compcode = '${c}' and type_name = '${typeName}'`)).id);
  const fromType = await typeOf(from);
  const toType = await typeOf(to);
  const copied = new Map<string, Map<number, number>>();
  for (const name of PROGRAMME) {
    const e = reg.entity(name);
    const where = e.fields.some((f) => f.name === 'aircraft_type') ? `aircraft_type = ${fromType}` : `type_llp in (select type_llp_id from aircraft_type_llp where aircraft_type = ${fromType})`;
    const rows = await sqlAll(t, `select * from ${e.table} where compcode = '${from}' and ${where} order by ${e.key}`);
    const ids = new Map<number, number>();
    copied.set(name, ids);
    for (const r of rows) {
      const body: Row = {};
      for (const f of e.fields) {
        if (f.readOnly || f.hidden || r[f.name] === null || r[f.name] === undefined) continue;
        let v = r[f.name];
        if (f.type === 'reference') {
          if (f.entity === 'aircraft_type') v = toType;
          else if (copied.has(f.entity!)) v = copied.get(f.entity!)!.get(Number(v));
          else {
            const target = reg.entity(f.entity!);
            const code = target.fields.find((x) => x.unique)?.name ?? target.display!;
            const src = await sqlOne(t, `select ${code} as v from ${target.table} where ${target.key} = ${Number(v)}`);
            const hit = await sqlAll(t, `select ${target.key} as id from ${target.table} where compcode = '${to}' and ${code} = '${String(src.v).replace(/'/g, "''")}'`);
            v = hit[0]?.id;
          }
          if (v === undefined || v === null) continue;
          v = Number(v);
        }
        body[f.name] = v;
      }
      const res = await t.call('POST', `/api/data/${name}`, { token, body });
      if (res.status !== 200) throw new Error(`copying ${name}: ${res.status} ${JSON.stringify(res.body)}`);
      ids.set(Number(r[e.key]), Number(res.body[e.key] ?? res.body.data?.[e.key]));
    }
  }
}

