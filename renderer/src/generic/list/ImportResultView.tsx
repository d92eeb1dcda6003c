import type { ImportResult } from './importStream';

/** An import's (or dry run's) outcome: the counts, and each failed row's errors by field. */
export function ImportResultView({ dry, r }: { dry: boolean; r: ImportResult }) {
  const failed = r.rows.filter((row) => !row.ok);
  return (
    <div className="import-result" data-testid="import-result">
      <p>
        {dry ? 'Dry run: nothing was written. ' : ''}
        {r.total} rows read, {dry ? r.total - r.failed : r.imported} {dry ? 'would be imported' : 'imported'}, {r.failed} with errors
        {!dry && !r.committed && r.failed ? ' (all or nothing: nothing was imported)' : ''}.
      </p>
      {failed.length ? (
        <table className="data-table">
          <thead>
            <tr>
              <th>Row</th>
              <th>Field</th>
              <th>Error</th>
            </tr>
          </thead>
          <tbody>
            {failed.flatMap((row) =>
              row.errors.map((e, i) => (
                <tr key={`${row.row}-${i}`}>
                  <td>{row.row}</td>
                  <td>{e.field}</td>
                  <td>{e.message}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
