import { Outlet } from 'react-router';
import { PageOutlet } from '../../ui/PageOutlet';

/** Frame of the public pages (/page/login, /page/register). */
export function PublicLayout() {
  return (
    <div className="public-page">
      <PageOutlet>
        <Outlet />
      </PageOutlet>
    </div>
  );
}

export default PublicLayout;
