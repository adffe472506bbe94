import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterWanted, onToasterWanted } from '@web/lib/toast';

const AppToaster = lazy(() =>
  import('./toaster').then((module) => ({ default: module.AppToaster })),
);

/** Mounts the Toaster once something asks for toasts (`lib/toast`); nothing before that. */
export function ToastHost() {
  const wanted = useSyncExternalStore(onToasterWanted, isToasterWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
