/**
 * Spec §2 named routes that task rows point at (routeName + routeParam as JSON). Path parameters
 * (`:key`) are filled from the params; the others go to the query string.
 */
export const NAMED_ROUTES: Record<string, string> = {
  'app.approvalfrm': '/approval-form/:key/:taskkey',
  'app.requisition': '/requisition-view',
  'app.approval': '/approval-list',
  'app.task': '/approval-list',
  'logistic.mr': '/aircraft-logistic/mr-list',
  'logistic.pr': '/aircraft-logistic/pr-list',
  'procurement.requisition': '/aircraft-procurement/pr-list',
  'procurement.receiving': '/aircraft-procurement/receiving',
};

/** routeParam as sent: JSON text (or an object already); anything unreadable counts as none. */
export function parseRouteParam(raw: unknown): Record<string, unknown> {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw !== 'string' || !raw.trim()) return {};
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The in-app path of a named route with its params; null for an unknown route name. */
export function routePath(routeName: string | null | undefined, routeParam: unknown): string | null {
  const pattern = routeName ? NAMED_ROUTES[routeName] : undefined;
  if (!pattern) return null;
  const params = parseRouteParam(routeParam);
  const used = new Set<string>();
  const path = pattern
    .split('/')
    .map((seg) => {
      if (!seg.startsWith(':')) return seg;
      const name = seg.slice(1);
      used.add(name);
      const v = params[name];
      return v === undefined || v === null || v === '' ? '' : encodeURIComponent(String(v));
    })
    .join('/')
    .replace(/\/+$/, '');
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (used.has(k) || v === undefined || v === null || v === '') continue;
    query.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const qs = query.toString();
  return (path || '/') + (qs ? `?${qs}` : '');
}
