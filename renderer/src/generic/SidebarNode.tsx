import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { menuUrl, type MenuNode } from '../shell/menuTree';
import { Icon } from '../ui/Icon';

function containsPath(node: MenuNode, path: string): boolean {
  const url = menuUrl(node.entry);
  if (url && (path === url || path.startsWith(`${url}/`))) return true;
  return node.children.some((c) => containsPath(c, path));
}

export function SidebarNode({ node, depth }: { node: MenuNode; depth: number }) {
  const { entry, children } = node;
  const location = useLocation();
  const [open, setOpen] = useState(() => depth === 1 || containsPath(node, location.pathname));
  const url = menuUrl(entry);
  const badge = entry.badge ? <span className="badge">{entry.badge}</span> : null;

  if (children.length === 0) {
    if (!url) {
      return (
        <li>
          <span className="side-link disabled">
            <Icon name={entry.icon} size={16} />
            <span>{entry.title}</span>
            {badge}
          </span>
        </li>
      );
    }
    const external = /^https?:\/\//i.test(url);
    return (
      <li>
        {external ? (
          <a className="side-link" href={url} target="_blank" rel="noreferrer">
            <Icon name={entry.icon} size={16} />
            <span>{entry.title}</span>
            {badge}
          </a>
        ) : (
          <NavLink className="side-link" to={url}>
            <Icon name={entry.icon} size={16} />
            <span>{entry.title}</span>
            {badge}
          </NavLink>
        )}
      </li>
    );
  }

  return (
    <li className={open ? 'side-group open' : 'side-group'}>
      <button type="button" className="side-link group" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <Icon name={entry.icon} fallback="folder" size={16} />
        <span>{entry.title}</span>
        {badge}
        <Icon name="chevron" size={14} className="chevron" />
      </button>
      {open ? (
        <ul>
          {url ? (
            <li>
              <NavLink className="side-link" to={url} end>
                <span>{entry.title}</span>
              </NavLink>
            </li>
          ) : null}
          {children.map((c) => (
            <SidebarNode key={String(c.entry.menu_id)} node={c} depth={depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
