import { MODES, type LogRow } from './importStream';

/** The log of an entity's imports: when, who, which file, the mode and the counts. */
export function ImportLogTable({ log }: { log: LogRow[] }) {
  return (
    <table className="data-table" data-testid="import-log">
      <thead>
        <tr>
          <th>When</th>
          <th>User</th>
          <th>File</th>
          <th>Mode</th>
          <th>Rows</th>
          <th>Imported</th>
          <th>Failed</th>
        </tr>
      </thead>
      <tbody>
        {log.map((l) => (
          <tr key={l.id}>
            <td>{new Date(l.created_at).toLocaleString()}</td>
            <td>{l.created_by}</td>
            <td>{l.filename}</td>
            <td>{MODES[l.mode] ?? l.mode}</td>
            <td>{l.total}</td>
            <td>{l.imported}</td>
            <td>{l.failed}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
