import { Outlet, ScrollRestoration } from 'react-router';
import { RouteAnnouncer } from './route-announcer';

/**
 * Around every route: a new page starts at the top (Back returns to where the page was left),
 * and its heading takes focus and is announced.
 */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <RouteAnnouncer />
      <ScrollRestoration />
    </>
  );
}
