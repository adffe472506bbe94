import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronLeft, ChevronRight, Keyboard } from 'lucide-react';
import { Button, buttonStyles } from '@web/components/ui/button';
import { useKeyboardShortcuts } from '@web/lib/use-keyboard-shortcuts';
import type { ReviewPosition } from '../review-order';

const SHORTCUTS = [
  { keys: 'Alt + N', action: 'Next submission (ungraded first)' },
  { keys: 'Alt + P', action: 'Previous submission' },
  { keys: 'Alt + A', action: "Use Mylo's suggestion in the form" },
  { keys: 'Ctrl + Enter (⌘ + Enter)', action: 'Submit the grade' },
];

/**
 * Moving through a class on the review screen (DESIGN §11): Previous and Next (ungraded work
 * first), how many are reviewed, and the keyboard shortcuts with a list of them. Leaving with
 * unsaved changes is guarded by the page.
 */
export function ReviewNavigation({
  position,
  linkTo,
}: {
  position: ReviewPosition;
  linkTo: (submissionId: string) => string;
}) {
  const navigate = useNavigate();
  const id = useId();
  const [helpOpen, setHelpOpen] = useState(false);
  const helpButton = useRef<HTMLButtonElement>(null);
  const helpPanel = useRef<HTMLDivElement>(null);
  const { previousId, nextId } = position;

  useKeyboardShortcuts([
    {
      code: 'KeyN',
      modifier: 'alt',
      enabled: nextId !== null,
      run: () => nextId && void navigate(linkTo(nextId)),
    },
    {
      code: 'KeyP',
      modifier: 'alt',
      enabled: previousId !== null,
      run: () => previousId && void navigate(linkTo(previousId)),
    },
  ]);

  useEffect(() => {
    if (!helpOpen) return;
    helpPanel.current?.focus();
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setHelpOpen(false);
      helpButton.current?.focus();
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [helpOpen]);

  const linkClass = buttonStyles({ variant: 'secondary', size: 'sm' });
  return (
    <nav
      aria-label="Submissions of this assignment"
      className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-gray-200 bg-white px-4 py-3 shadow-sm"
    >
      <div className="flex flex-1 items-center justify-between gap-3 sm:flex-none sm:justify-start">
        {previousId ? (
          <Link to={linkTo(previousId)} className={linkClass} aria-keyshortcuts="Alt+P">
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </Link>
        ) : (
          <span className={`${linkClass} opacity-60`} aria-disabled="true">
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </span>
        )}
        <p className="text-sm text-gray-700 tabular-nums">
          <span className="font-semibold text-gray-900">{position.reviewed}</span> of{' '}
          {position.total} reviewed
        </p>
        {nextId ? (
          <Link to={linkTo(nextId)} className={linkClass} aria-keyshortcuts="Alt+N">
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        ) : (
          <span className={`${linkClass} opacity-60`} aria-disabled="true">
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </span>
        )}
      </div>
      <div className="relative ml-auto">
        <Button
          ref={helpButton}
          variant="ghost"
          size="sm"
          aria-expanded={helpOpen}
          aria-controls={`${id}-shortcuts`}
          onClick={() => setHelpOpen((open) => !open)}
        >
          <Keyboard aria-hidden="true" className="size-4" />
          Keyboard shortcuts
        </Button>
        {helpOpen && (
          <div
            id={`${id}-shortcuts`}
            ref={helpPanel}
            tabIndex={-1}
            role="region"
            aria-label="Keyboard shortcuts"
            className="absolute right-0 z-20 mt-2 w-72 rounded-lg border border-gray-200 bg-white p-4 text-sm shadow-lg focus:outline-none"
          >
            <dl className="space-y-2">
              {SHORTCUTS.map((shortcut) => (
                <div key={shortcut.keys} className="flex justify-between gap-3">
                  <dt className="font-mono text-xs whitespace-nowrap text-gray-900">
                    {shortcut.keys}
                  </dt>
                  <dd className="text-right text-gray-700">{shortcut.action}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-xs text-gray-600">Escape closes this list.</p>
          </div>
        )}
      </div>
    </nav>
  );
}
