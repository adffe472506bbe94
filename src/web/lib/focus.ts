import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab reaches inside `container`, in order (hidden ones left out). */
export function tabbableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], [inert]') && element.getClientRects().length > 0,
  );
}

/**
 * Keeps Tab and Shift+Tab inside `container`: from the last element Tab goes to the first,
 * and back. Call it from the container's onKeyDown.
 */
export function loopTabWithin(event: ReactKeyboardEvent, container: HTMLElement | null) {
  if (event.key !== 'Tab' || !container) return;
  const tabbable = tabbableIn(container);
  const first = tabbable[0];
  const last = tabbable[tabbable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Moves focus to what `find` returns once it is on screen: a change React is rendering (a
 * panel that opens, a button that replaces another, a section that appears when its data
 * arrives, a button enabled again). Looks once a frame for up to two seconds. Headings and other non-interactive
 * targets get tabindex="-1": they take focus without entering the Tab order.
 */
export function focusSoon(find: () => HTMLElement | null | undefined, { within = 2000 } = {}) {
  const until = performance.now() + within;
  const attempt = () => {
    const element = find();
    // Not yet on screen, or still disabled by the action that is finishing: look again.
    if (!element || element.getClientRects().length === 0 || element.matches(':disabled')) {
      if (performance.now() < until) requestAnimationFrame(attempt);
      return;
    }
    if (!element.matches(FOCUSABLE) && !element.hasAttribute('tabindex')) {
      element.setAttribute('tabindex', '-1');
    }
    element.focus();
  };
  requestAnimationFrame(attempt);
}
