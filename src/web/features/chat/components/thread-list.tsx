import { Plus, Trash2 } from 'lucide-react';
import type { ChatThread } from '@domain/schemas/chat';
import { relativeDay } from '@domain/dates';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { threadActivityDate } from '../chat-logic';

const messageCount = (count: number) => `${count} ${count === 1 ? 'message' : 'messages'}`;

/** SPEC §2: the thread list, at most 12rem high, newest first. */
export function ThreadList({
  threads,
  isLoading,
  selectedThreadId,
  onSelect,
  onNew,
  onDelete,
  disabled,
}: {
  threads: ChatThread[] | undefined;
  isLoading: boolean;
  selectedThreadId: string | null;
  onSelect: (threadId: string) => void;
  onNew: () => void;
  onDelete: (thread: ChatThread) => void;
  disabled: boolean;
}) {
  return (
    <section aria-label="Chat threads" className="border-b border-gray-200 bg-gray-50">
      <div className="flex items-center justify-between px-3 py-2">
        <h3 className="text-xs font-semibold tracking-wide text-gray-500 uppercase">Threads</h3>
        <button
          type="button"
          onClick={onNew}
          disabled={disabled}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600"
        >
          <Plus aria-hidden="true" className="size-3.5" />
          New
        </button>
      </div>
      <div className="max-h-48 overflow-y-auto px-2 pb-2">
        {isLoading ? (
          <div className="flex justify-center py-3">
            <Spinner />
          </div>
        ) : !threads || threads.length === 0 ? (
          <div className="px-2 py-3 text-center text-sm text-gray-500">
            <p>No chat threads yet</p>
            <button
              type="button"
              onClick={onNew}
              disabled={disabled}
              className="mt-1 rounded font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600"
            >
              Start your first conversation
            </button>
          </div>
        ) : (
          <ul className="space-y-1">
            {threads.map((thread) => {
              const isSelected = thread.id === selectedThreadId;
              return (
                <li
                  key={thread.id}
                  className={cn(
                    // The selected thread has a bar as well as a colour (WCAG 1.4.1).
                    'group flex items-center gap-1 rounded-md border-l-[3px]',
                    isSelected
                      ? 'border-indigo-600 bg-indigo-100'
                      : 'border-transparent hover:bg-white',
                  )}
                >
                  <button
                    type="button"
                    onClick={() => onSelect(thread.id)}
                    aria-current={isSelected ? 'true' : undefined}
                    className="min-w-0 flex-1 rounded-md px-2 py-1.5 text-left focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600"
                  >
                    <span className="block text-sm font-medium break-words text-gray-900">
                      {thread.title}
                    </span>
                    <span className="block text-xs text-gray-600">
                      {messageCount(thread.message_count)} ·{' '}
                      {relativeDay(threadActivityDate(thread))}
                    </span>
                  </button>
                  <button
                    type="button"
                    onClick={() => onDelete(thread)}
                    disabled={disabled}
                    aria-label={`Delete thread ${thread.title}`}
                    title="Delete thread"
                    className="mr-1 rounded p-1.5 text-gray-500 hover:bg-red-50 hover:text-red-600 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
