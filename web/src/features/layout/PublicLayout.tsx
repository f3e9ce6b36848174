import { Outlet } from 'react-router';
import { Header } from './Header.tsx';
import { PublicFrame } from './PublicFrame.tsx';

/** The SPA's public pages: the public frame around the current route. */
export function PublicLayout() {
  return (
    <PublicFrame header={<Header />}>
      <Outlet />
    </PublicFrame>
  );
}
