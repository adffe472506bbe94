import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@domain/schemas/chat';
import { Markdown } from '@web/components/markdown/markdown';
import { Spinner } from '@web/components/ui/spinner';
import type { PendingMessage } from '../use-send-message';
import { ExamplePrompts } from './chat-greeting';

const formatTime = (value: string) =>
  new Date(value).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

function UserBubble({ message, createdAt }: { message: string; createdAt: string }) {
  return (
    <div className="flex flex-col items-end">
      <div className="max-w-[85%] rounded-2xl rounded-br-sm bg-indigo-600 px-3 py-2 text-sm whitespace-pre-wrap text-white">
        {message}
      </div>
      <time dateTime={createdAt} className="mt-0.5 text-xs text-gray-500">
        {formatTime(createdAt)}
      </time>
    </div>
  );
}

function ReplyBubble({ children }: { children: string }) {
  return (
    <div className="flex justify-start">
      <div
        data-testid="mylo-reply"
        className="max-w-[85%] rounded-2xl rounded-bl-sm bg-gray-100 px-3 py-2"
      >
        <Markdown className="text-sm break-words">{children}</Markdown>
      </div>
    </div>
  );
}

function TypingIndicator() {
  return (
    <div className="flex justify-start" role="status" aria-label="Mylo is typing">
      <div className="flex gap-1 rounded-2xl rounded-bl-sm bg-gray-100 px-3 py-3">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            style={{ animationDelay: `${delay}ms` }}
            className="size-2 animate-bounce rounded-full bg-gray-400"
          />
        ))}
      </div>
    </div>
  );
}

/** The exchanges of one thread, oldest first, with the message being sent at the end. */
export function Conversation({
  messages,
  isLoading,
  pending,
  onPick,
}: {
  messages: ChatMessage[] | undefined;
  isLoading: boolean;
  pending: PendingMessage | null;
  onPick: (prompt: string) => void;
}) {
  const endRef = useRef<HTMLDivElement>(null);
  const count = messages?.length ?? 0;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count, pending]);

  if (isLoading) {
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  }
  if (count === 0 && !pending) {
    return (
      <div className="flex flex-col items-center gap-3 px-4 py-6 text-center">
        <p className="text-sm text-gray-500">Start a conversation in this thread</p>
        <ExamplePrompts onPick={onPick} />
      </div>
    );
  }
  return (
    <div className="space-y-3 p-3" aria-live="polite">
      {messages?.map((message) => (
        <div key={message.id} className="space-y-2">
          <UserBubble message={message.message} createdAt={message.created_at} />
          {message.response && <ReplyBubble>{message.response}</ReplyBubble>}
        </div>
      ))}
      {pending && (
        <div className="space-y-2">
          <UserBubble message={pending.message} createdAt={pending.createdAt} />
          <TypingIndicator />
        </div>
      )}
      <div ref={endRef} />
    </div>
  );
}
