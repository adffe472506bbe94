import { isRouteErrorResponse, useRouteError } from 'react-router';
import { describeError, ErrorScreen } from './error-screen';

/** SPEC §8 router fallback. */
export function RootError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : describeError(error);
  return <ErrorScreen message={message} />;
}
