import { RouterProvider } from 'react-router/dom';
import { router } from './router';

/** Every route, React Router and all: loaded after the sign-in screen when a visit starts there. */
export function RouterApp() {
  return <RouterProvider router={router} />;
}
