import type { FormEvent, KeyboardEvent, RefObject } from 'react';
import { SendHorizontal } from 'lucide-react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@domain/schemas/chat';
import { canSend } from '../chat-logic';

/** The message box: Enter sends, Shift+Enter breaks the line (SPEC §2, §5). */
export function ChatComposer({
  value,
  onChange,
  onSend,
  busy,
  hasError,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  busy: boolean;
  hasError: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const sendable = canSend(value, busy);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (sendable) onSend();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (sendable) onSend();
  }

  return (
    <form onSubmit={handleSubmit} className="flex items-end gap-2 border-t border-gray-200 p-3">
      <textarea
        ref={inputRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={handleKeyDown}
        rows={2}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        aria-label="Message Mylo"
        placeholder={hasError ? 'Try again...' : 'Type your message...'}
        className="max-h-32 min-h-10 flex-1 resize-none rounded-lg border border-gray-500 px-3 py-2 text-sm placeholder:text-gray-500 focus:border-indigo-600 focus:ring-1 focus:ring-indigo-600 focus:outline-none"
      />
      <button
        type="submit"
        disabled={!sendable}
        aria-label="Send"
        title="Send"
        className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <SendHorizontal aria-hidden="true" className="size-4" />
      </button>
    </form>
  );
}
