import { Sparkles } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/** SPEC §2's example prompts: create an assignment, count submissions, explain the features. */
export const EXAMPLE_PROMPTS = [
  'Create an assignment called Lab 1 in CS500 worth 50 points',
  'How many students submitted Homework 1?',
  'Explain the features of this platform',
] as const;

export function ExamplePrompts({ onPick }: { onPick: (prompt: string) => void }) {
  return (
    <ul aria-label="Example prompts" className="w-full space-y-2">
      {EXAMPLE_PROMPTS.map((prompt) => (
        <li key={prompt}>
          <button
            type="button"
            onClick={() => onPick(prompt)}
            className="w-full rounded-lg border border-gray-200 bg-white px-3 py-2 text-left text-sm text-gray-700 shadow-xs hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            “{prompt}”
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Shown while no thread is selected. */
export function ChatGreeting({
  onPick,
  onStartNewChat,
  disabled,
}: {
  onPick: (prompt: string) => void;
  onStartNewChat: () => void;
  disabled: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-4 px-4 py-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-indigo-100">
        <Sparkles aria-hidden="true" className="size-6 text-indigo-600" />
      </span>
      <div>
        <p className="font-medium text-gray-900">Hi! I&apos;m Mylo, your AI teaching assistant.</p>
        <p className="mt-1 text-sm text-gray-500">Try asking:</p>
      </div>
      <ExamplePrompts onPick={onPick} />
      <Button size="sm" onClick={onStartNewChat} disabled={disabled}>
        Start New Chat
      </Button>
    </div>
  );
}
