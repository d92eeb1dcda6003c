import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { openUrl } from '../ui/openUrl';

/** A link to a menu url: in-app routes via the router, http(s) in a new tab, .html by full load. */
export function MenuLink({ url, className, children }: { url: string; className?: string; children: ReactNode }) {
  const navigate = useNavigate();
  if (/^https?:\/\//i.test(url)) {
    return (
      <a href={url} className={className} target="_blank" rel="noreferrer">
        {children}
      </a>
    );
  }
  if (/\.html?($|[?#])/i.test(url)) {
    return (
      <a href={url} className={className}>
        {children}
      </a>
    );
  }
  const to = url.startsWith('/') ? url : `/${url}`;
  return (
    <Link
      to={to}
      className={className}
      onClick={(e: MouseEvent) => {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
        e.preventDefault();
        openUrl(to, navigate);
      }}
    >
      {children}
    </Link>
  );
}
