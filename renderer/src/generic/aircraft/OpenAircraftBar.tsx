import { useCallback, useState } from 'react';
import { t } from '../../i18n';
import { getRow, listRows } from '../../api/data';
import { errorMessage } from '../../api/errors';
import type { ContextSource, DataRow, OpenAircraft } from '../../api/types';
import { Icon } from '../../ui/Icon';
import { LookupDialog, type LookupItem, type LookupPage } from '../../ui/LookupDialog';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import { setOpenAircraft, useOpenAircraft } from './openAircraft';

const TYPE_NAME = 'aircraft_type.type_name';
const COLUMNS = [
  { field: 'registration', label: 'Registration' },
  { field: TYPE_NAME, label: 'Type' },
];

const num = (v: unknown, fallback: number | null): number | null => {
  const n = Number(v);
  return v === null || v === undefined || v === '' || !Number.isFinite(n) ? fallback : n;
};

/**
 * Builds the spec §3 context of a picked aircraft: its type (engines, extra counter, penalty
 * factor, APU usage) read from the aircraft and its type; the type's details fall back to defaults
 * when the user may not read aircraft types.
 */
async function contextOf(source: { entity: string; route: string }, item: LookupItem): Promise<OpenAircraft> {
  const typeName = String(item.row[TYPE_NAME] ?? '');
  let typeId: number | string | null = null;
  try {
    const { data } = await getRow(source.entity, item.key, source.route);
    const t = data?.aircraft_type;
    typeId = t === null || t === undefined || t === '' ? null : (t as number | string);
  } catch {
    typeId = null;
  }
  let type: DataRow = {};
  if (typeId !== null) {
    try {
      type = (await getRow('aircraft_type', String(typeId), source.route)).data ?? {};
    } catch {
      type = {};
    }
  }
  return {
    entity: source.entity,
    aircraft_type_id: typeId,
    aircraft_type_name: String(type.type_name ?? typeName),
    engine_total: num(type.engine_total, 1) ?? 1,
    rin_counter_name: type.rin_counter_name === undefined ? null : (type.rin_counter_name as string | null),
    penalty_factor: num(type.penalty_factor, null),
    APU_usage: type.APU_usage === undefined ? null : (type.APU_usage as boolean | null),
    aircraft: {
      aircraft_type_id: typeId,
      aircraft_id: /^\d+$/.test(item.key) ? Number(item.key) : item.key,
      registration: item.display,
    },
  };
}

/** Spec §3 'Open Aircraft' selector of a module with a fleet list (metadata `opensContext`). */
export function OpenAircraftBar({ source }: { source: ContextSource }) {
  const current = useOpenAircraft();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (q: string, page: number, limit: number, signal: AbortSignal): Promise<LookupPage> => {
      const res = await listRows(source.entity, { route: source.route, q, page, limit }, signal);
      const list = Array.isArray(res?.list) ? res.list : [];
      return {
        total: Number(res?.meta?.total ?? list.length),
        items: list.map((row) => ({
          key: String(row[source.key] ?? ''),
          display: String(row.registration ?? row[source.key] ?? ''),
          row,
        })),
      };
    },
    [source],
  );

  const pick = async (item: LookupItem) => {
    setOpen(false);
    setBusy(true);
    try {
      const ctx = await contextOf(source, item);
      setOpenAircraft(ctx);
      toast.success(`Aircraft ${ctx.aircraft.registration} opened`);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="open-aircraft-bar" data-testid="open-aircraft">
      <Icon name="plane" size={18} />
      <span className="open-aircraft-label">{t('Open Aircraft')}:</span>
      {busy ? (
        <Spinner inline label={t('Opening aircraft…')} />
      ) : current ? (
        <span className="open-aircraft-value" data-testid="open-aircraft-value">
          <strong>{current.aircraft.registration}</strong>
          {current.aircraft_type_name ? <span className="muted"> · {current.aircraft_type_name}</span> : null}
        </span>
      ) : (
        <span className="muted">{t('none')}</span>
      )}
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setOpen(true)} disabled={busy}>
        {current ? t('Change') : t('Open Aircraft')}
      </button>
      {current ? (
        <button type="button" className="btn btn-link btn-sm" onClick={() => setOpenAircraft(null)} disabled={busy}>
          {t('Close aircraft')}
        </button>
      ) : null}
      {open ? (
        <LookupDialog
          title={`${t('Open Aircraft')} (${source.title})`}
          load={load}
          columns={COLUMNS}
          selectedKey={current ? String(current.aircraft.aircraft_id) : null}
          filterPlaceholder={t('Registration, MSN…')}
          onSelect={(item) => void pick(item)}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
