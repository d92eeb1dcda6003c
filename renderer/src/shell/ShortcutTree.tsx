import { menuUrl, type MenuNode } from './menuTree';
import { MenuLink } from './MenuLink';
import { Icon } from '../ui/Icon';

function Entry({ node }: { node: MenuNode }) {
  const { entry } = node;
  const url = menuUrl(entry);
  const content = (
    <>
      <Icon name={entry.icon} fallback={node.children.length ? 'folder' : 'dot'} size={16} />
      <span>{entry.title}</span>
      {entry.badge ? <span className="badge">{entry.badge}</span> : null}
    </>
  );
  return url ? (
    <MenuLink url={url} className="shortcut-link">
      {content}
    </MenuLink>
  ) : (
    <span className="shortcut-link group">{content}</span>
  );
}

/** Menu entries as shortcut links, two levels deep (spec §2 Home). */
export function ShortcutTree({ nodes }: { nodes: MenuNode[] }) {
  return (
    <ul className="shortcut-tree">
      {nodes.map((n) => (
        <li key={String(n.entry.menu_id)}>
          <Entry node={n} />
          {n.children.length ? (
            <ul>
              {n.children.map((c) => (
                <li key={String(c.entry.menu_id)}>
                  <Entry node={c} />
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
