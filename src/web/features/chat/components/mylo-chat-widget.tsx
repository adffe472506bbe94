import { useEffect, useRef, useState } from 'react';
import { Bot } from 'lucide-react';
import type { AssistantStatus } from '../chat-logic';
import { isServiceHealthy } from '../api/get-health';
import { ChatPanel } from './chat-panel';

/**
 * SPEC §2: Mylo's round button at the bottom right and, once opened, its panel. The panel stays
 * mounted after closing so the selected thread and the draft survive.
 */
export function MyloChatWidget() {
  const [open, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const [status, setStatus] = useState<AssistantStatus>('ready');
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Closing gives focus back to the round button that opened the panel.
  useEffect(() => {
    if (!open && hasOpened) buttonRef.current?.focus();
  }, [open, hasOpened]);

  async function handleOpen() {
    setOpen(true);
    setHasOpened(true);
    // SPEC §4: the health check when the panel opens sets the status.
    const healthy = await isServiceHealthy();
    setStatus((current) => (current === 'processing' ? current : healthy ? 'ready' : 'error'));
  }

  return (
    <>
      {!open && (
        <button
          ref={buttonRef}
          type="button"
          onClick={() => void handleOpen()}
          aria-label="Mylo AI Assistant"
          title="Mylo AI Assistant"
          className="fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg transition hover:scale-105 hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:right-6 sm:bottom-6"
        >
          <Bot aria-hidden="true" className="size-7" />
        </button>
      )}
      {hasOpened && (
        <div hidden={!open}>
          <ChatPanel
            open={open}
            status={status}
            setStatus={setStatus}
            onClose={() => setOpen(false)}
          />
        </div>
      )}
    </>
  );
}
