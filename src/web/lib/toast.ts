import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * The app's toasts: sonner's `toast`, loaded on first use rather than with the entry, so /login
 * does not download it (docs/decisions/023). Calls keep their order; sonner replays toasts made
 * before its Toaster subscribed, so none is lost while the chunk arrives.
 */
type Sonner = typeof sonnerToast;

let sonner: Promise<Sonner> | null = null;
const wantedListeners = new Set<() => void>();

/**
 * Loads sonner and asks `ToastHost` to mount the Toaster (its polite live region). The signed-in
 * frame calls this as it mounts, the sign-in form as it submits: the region is in place before
 * the toast it will read arrives.
 */
export function requestToaster(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner').then((module) => module.toast);
    for (const listener of wantedListeners) listener();
  }
  return sonner;
}

/** For `ToastHost` (useSyncExternalStore): whether the Toaster has been asked for. */
export const isToasterWanted = (): boolean => sonner !== null;

export function onToasterWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

const show =
  (kind: 'success' | 'error' | 'info') =>
  (message: string, options?: ExternalToast): void => {
    void requestToaster().then((load) => load[kind](message, options));
  };

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  /** Nothing to dismiss before sonner loaded: no toast exists then. */
  dismiss(id?: string | number): void {
    void sonner?.then((load) => load.dismiss(id));
  },
};
