import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@web/lib/toast';

/**
 * SPEC §8 load failures: an error toast, then another page. `null` while there is nothing to
 * report. The message doubles as the toast id, so a re-render cannot show it twice.
 */
export function useRedirectWithToast(redirect: { message: string; to: string } | null): void {
  const navigate = useNavigate();
  const message = redirect?.message;
  const to = redirect?.to;
  useEffect(() => {
    if (!message || !to) return;
    toast.error(message, { id: message });
    navigate(to, { replace: true });
  }, [message, to, navigate]);
}
