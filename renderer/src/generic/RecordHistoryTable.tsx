import { t } from '../i18n';
import { counts, shown, verb, when, type HistoryEvent } from './historyText';

/** A record's history, newest first: per event when, who and what, then a line per field changed from what to what. */
export function RecordHistoryTable({ events }: { events: HistoryEvent[] }) {
  return (
    <div className="table-wrap">
      <table className="data-table" data-testid="record-history">
        <thead>
          <tr>
            <th>{t('When')}</th>
            <th>{t('User')}</th>
            <th>{t('What')}</th>
            <th>{t('Field')}</th>
            <th>{t('From')}</th>
            <th>{t('To')}</th>
          </tr>
        </thead>
        <tbody>
          {events.flatMap((ev, i) => {
            const rows = ev.changes.length ? ev.changes : [null];
            return rows.map((c, j) => (
              <tr key={`${i}-${j}`} data-kind={ev.kind}>
                {j === 0 ? (
                  <>
                    <td rowSpan={rows.length}>{when(ev.at)}</td>
                    <td rowSpan={rows.length}>{ev.username}</td>
                    <td rowSpan={rows.length}>
                      {verb(ev)}
                      {ev.note ? <div className="muted">{ev.note}</div> : null}
                    </td>
                  </>
                ) : null}
                <td>{c?.label ?? ''}</td>
                <td>{c ? shown(c.from) : ''}</td>
                <td>{c ? (typeof c.to === 'string' && c.from === null && c.field.indexOf('.') < 0 ? counts(shown(c.to)) : shown(c.to)) : ''}</td>
              </tr>
            ));
          })}
        </tbody>
      </table>
    </div>
  );
}
