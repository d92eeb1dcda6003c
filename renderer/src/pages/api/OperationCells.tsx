/** The method badge and the path of one operation: the first two cells of its row. */
export function OperationCells({ method, path }: { method: string; path: string }) {
  return (
    <>
      <td>
        <span className={`api-method api-${method}`}>{method.toUpperCase()}</span>
      </td>
      <td>
        <code>{path}</code>
      </td>
    </>
  );
}
