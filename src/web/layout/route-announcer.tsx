import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

export const APP_TITLE = 'AI Teaching Assistant';

/** The page title for a page whose main heading reads `heading`. */
export const pageTitle = (heading: string) =>
  heading && heading !== APP_TITLE ? `${heading} · ${APP_TITLE}` : APP_TITLE;

/**
 * After a client-side route change: names the tab after the new page's heading, moves focus to
 * that heading (so Tab continues from the top of the new page, not from a link that is gone)
 * and announces it in a polite live region. Pages render their heading when their data is in,
 * so this waits for the first <h1> to appear. On the first page of a visit only the title is
 * set: the browser and screen readers start at the top by themselves.
 */
export function RouteAnnouncer() {
  const location = useLocation();
  const { pathname } = location;
  // React Router gives the location a visit starts on the key 'default'.
  const isFirstPage = location.key === 'default';
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    let frame = 0;
    const apply = (heading: HTMLHeadingElement) => {
      const text = heading.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      document.title = pageTitle(text);
      if (isFirstPage) return;
      // Someone already put focus inside the new page (a field, a button): leave it there.
      const active = document.activeElement;
      const focusInPage = active && active !== document.body && active.closest('main');
      if (!focusInPage) {
        heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      // Cleared first, so a heading that reads the same as the last one is announced again.
      setAnnouncement('');
      frame = requestAnimationFrame(() => setAnnouncement(text));
    };
    const found = () => {
      const heading = document.querySelector('h1');
      if (heading) apply(heading);
      return Boolean(heading);
    };
    if (found()) return () => cancelAnimationFrame(frame);
    const observer = new MutationObserver(() => {
      if (found()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [pathname, isFirstPage]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </div>
  );
}
