import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ChevronUp, List, Minus, X } from 'lucide-react';
import { toast } from '@web/lib/toast';
import type { ChatThread } from '@domain/schemas/chat';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { cn } from '@web/lib/cn';
import { focusSoon, loopTabWithin } from '@web/lib/focus';
import { useCreateThread } from '../api/create-thread';
import { useDeleteThread } from '../api/delete-thread';
import { useThreadMessages } from '../api/get-thread-messages';
import { useThreads } from '../api/get-threads';
import {
  type AssistantStatus,
  CHAT_TEXT,
  STATUS_TEXT,
  threadToSelectAfterDelete,
} from '../chat-logic';
import { useSendMessage } from '../use-send-message';
import { ChatComposer } from './chat-composer';
import { ChatGreeting } from './chat-greeting';
import { Conversation } from './conversation';
import { ThreadList } from './thread-list';

const statusDot: Record<AssistantStatus, string> = {
  ready: 'bg-emerald-400',
  processing: 'bg-amber-300 animate-pulse',
  error: 'bg-red-400',
};

const headerButton =
  'rounded-md p-1.5 text-indigo-100 hover:bg-white/15 hover:text-white focus-visible:outline-2 focus-visible:outline-white';

/**
 * SPEC §2's panel: status header, thread list, conversation or greeting, and the input. A
 * non-modal dialog: opening it puts focus in the message box, Tab stays inside it while it is
 * open (not while minimised, when it is only a header), Escape closes it.
 */
export function ChatPanel({
  open,
  status,
  setStatus,
  onClose,
}: {
  open: boolean;
  status: AssistantStatus;
  setStatus: (status: AssistantStatus) => void;
  onClose: () => void;
}) {
  const [selectedThreadId, setSelectedThreadId] = useState<string | null>(null);
  const [showThreads, setShowThreads] = useState(true);
  const [minimised, setMinimised] = useState(false);
  const [draft, setDraft] = useState('');
  const [threadToDelete, setThreadToDelete] = useState<ChatThread | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (open) focusSoon(() => inputRef.current ?? panelRef.current?.querySelector('button'));
  }, [open]);

  const threads = useThreads();
  const messages = useThreadMessages(selectedThreadId);
  const createThread = useCreateThread();
  const deleteThread = useDeleteThread();
  const { sendMessage, pending, isSending, lastSendFailed } = useSendMessage({
    selectedThreadId,
    onThreadCreated: setSelectedThreadId,
    setStatus,
  });
  const busy = isSending || createThread.isPending;

  async function startNewChat(): Promise<string | null> {
    try {
      const thread = await createThread.mutateAsync();
      setSelectedThreadId(thread.id);
      // 'Start New Chat' is gone with the greeting: the message box is where to go on.
      focusSoon(() => inputRef.current);
      return thread.id;
    } catch {
      toast.error('Could not start a new chat. Please try again.');
      return null;
    }
  }

  async function handlePickPrompt(prompt: string) {
    if (!selectedThreadId && !(await startNewChat())) return;
    setDraft(prompt);
    inputRef.current?.focus();
  }

  async function handleConfirmDelete() {
    const thread = threadToDelete;
    if (!thread) return;
    const remaining = threads.data ?? [];
    try {
      await deleteThread.mutateAsync(thread.id);
      setSelectedThreadId((selected) => threadToSelectAfterDelete(remaining, thread.id, selected));
    } catch {
      toast.error('Could not delete the chat thread. Please try again.');
    }
    setThreadToDelete(null);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    // Keys pressed in the delete confirmation belong to it (its own Escape cancels it).
    if ((event.target as Element).closest('dialog')) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (!minimised) loopTabWithin(event, panelRef.current);
  }

  function handleSend() {
    const text = draft;
    setDraft('');
    void sendMessage(text);
  }

  return (
    <section
      ref={panelRef}
      role="dialog"
      aria-label="Mylo AI chat"
      onKeyDown={handleKeyDown}
      className={cn(
        'fixed right-4 bottom-4 z-40 flex w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-2xl sm:right-6 sm:bottom-6 sm:w-96',
        minimised ? 'h-auto' : 'h-[500px] max-h-[calc(100vh-2rem)]',
      )}
    >
      <header className="flex items-center gap-2 bg-indigo-600 px-3 py-2.5 text-white">
        <span aria-hidden="true" className={cn('size-2.5 rounded-full', statusDot[status])} />
        <h2 className="flex-1 truncate text-sm font-semibold" aria-live="polite">
          {STATUS_TEXT[status]}
        </h2>
        {!minimised && (
          <button
            type="button"
            onClick={() => setShowThreads((shown) => !shown)}
            aria-label={showThreads ? 'Hide chat threads' : 'Show chat threads'}
            aria-pressed={showThreads}
            title={showThreads ? 'Hide chat threads' : 'Show chat threads'}
            className={headerButton}
          >
            <List aria-hidden="true" className="size-4" />
          </button>
        )}
        <button
          type="button"
          onClick={() => setMinimised((value) => !value)}
          aria-label={minimised ? 'Restore chat' : 'Minimise chat'}
          title={minimised ? 'Restore chat' : 'Minimise chat'}
          className={headerButton}
        >
          {minimised ? (
            <ChevronUp aria-hidden="true" className="size-4" />
          ) : (
            <Minus aria-hidden="true" className="size-4" />
          )}
        </button>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close chat"
          title="Close chat"
          className={headerButton}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </header>

      {!minimised && (
        <>
          {showThreads && (
            <ThreadList
              threads={threads.data}
              isLoading={threads.isPending}
              selectedThreadId={selectedThreadId}
              onSelect={setSelectedThreadId}
              onNew={() => void startNewChat()}
              onDelete={setThreadToDelete}
              disabled={busy || deleteThread.isPending}
            />
          )}
          {/* Scrolls when the exchange is long: it takes focus, so arrow keys scroll it. */}
          <div
            tabIndex={0}
            role="region"
            aria-label="Conversation"
            className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
          >
            {selectedThreadId ? (
              <Conversation
                messages={messages.data}
                isLoading={messages.isPending}
                pending={pending?.threadId === selectedThreadId ? pending : null}
                onPick={(prompt) => void handlePickPrompt(prompt)}
              />
            ) : (
              <ChatGreeting
                onPick={(prompt) => void handlePickPrompt(prompt)}
                onStartNewChat={() => void startNewChat()}
                disabled={busy}
              />
            )}
          </div>
          {lastSendFailed && (
            <p className="border-t border-red-100 bg-red-50 px-3 py-1.5 text-xs text-red-700">
              {CHAT_TEXT.sendFailedHint}
            </p>
          )}
          <ChatComposer
            value={draft}
            onChange={setDraft}
            onSend={handleSend}
            busy={busy}
            hasError={status === 'error'}
            inputRef={inputRef}
          />
        </>
      )}
      <ConfirmDialog
        open={threadToDelete !== null}
        title="Delete this chat thread?"
        confirmLabel="Delete Thread"
        busyLabel="Deleting..."
        busy={deleteThread.isPending}
        onConfirm={() => void handleConfirmDelete()}
        onCancel={() => setThreadToDelete(null)}
        returnFocus={() => inputRef.current}
      >
        {threadToDelete && (
          <p className="mb-2 font-medium break-words text-gray-900">{threadToDelete.title}</p>
        )}
        <p>{CHAT_TEXT.deleteConfirm}</p>
      </ConfirmDialog>
    </section>
  );
}
