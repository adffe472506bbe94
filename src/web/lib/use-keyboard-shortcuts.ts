import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Keyboard shortcuts of a screen, all with a modifier (Alt, or Ctrl/⌘), so typing in a field
 * never triggers one (WCAG 2.1.4). Keys are `KeyboardEvent.code` values, which stay the same
 * whatever character Alt produces on the keyboard layout.
 */
export interface Shortcut {
  /** e.g. 'KeyN', 'Enter'. */
  code: string;
  modifier: 'alt' | 'ctrl-or-meta';
  /** Off when the action is not available now. */
  enabled?: boolean;
  run: () => void;
}

export function useKeyboardShortcuts(shortcuts: Shortcut[]) {
  const current = useRef(shortcuts);
  // Before the screen paints: a key pressed as soon as the screen shows (a suggestion that just
  // arrived, the next submission) must reach the handlers of what it shows. A passive effect
  // runs after paint, and the browser may hand the key press over first.
  useLayoutEffect(() => {
    current.current = shortcuts;
  });
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (event.repeat || event.defaultPrevented) return;
      const match = current.current.find(
        (shortcut) =>
          shortcut.enabled !== false &&
          shortcut.code === event.code &&
          (shortcut.modifier === 'alt'
            ? event.altKey && !event.ctrlKey && !event.metaKey
            : (event.ctrlKey || event.metaKey) && !event.altKey),
      );
      if (!match) return;
      event.preventDefault();
      match.run();
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
