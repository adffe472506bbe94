import { useEffect } from 'react';
import { toast } from '@web/lib/toast';

/**
 * Toasts `message` once when `failed` turns true. The id keeps a re-render (or React's strict
 * double effect) from stacking the same toast twice.
 */
export function useErrorToast(failed: boolean, message: string, id = message) {
  useEffect(() => {
    if (failed) toast.error(message, { id });
  }, [failed, message, id]);
}
