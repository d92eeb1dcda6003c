export function PageInfo({ page, limit, total }: { page: number; limit: number; total: number }) {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <span className="page-info">
      Showing {from} to {to} of {total} entries
    </span>
  );
}
