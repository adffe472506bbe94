import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '@web/lib/cn';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

/**
 * WAI-ARIA tabs: a tablist whose tabs switch the one visible panel. Arrow keys, Home and End
 * move between tabs (roving tabindex), as screen-reader users expect.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onValueChange,
  children,
  className,
}: {
  /** Names the tab list for assistive technology. */
  label: string;
  tabs: Array<TabItem<T>>;
  value: T;
  onValueChange: (value: T) => void;
  /** The panel of the selected tab. */
  children: ReactNode;
  className?: string;
}) {
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (tab: T) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Move from the tab that has focus, not from the selected value of the last render: two
    // quick presses arrive before React re-renders, and the second must not repeat the first.
    const focused = tabs.findIndex((tab) => tabRefs.current.get(tab.value) === event.target);
    const index = focused >= 0 ? focused : tabs.findIndex((tab) => tab.value === value);
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = tabs[next[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    onValueChange(target.value);
    tabRefs.current.get(target.value)?.focus();
  }

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={handleKeyDown}
        // Phones: equal columns whose labels may wrap, so no tab is cut off ('Submit Assig…').
        className="grid auto-cols-fr grid-flow-col gap-1 border-b border-gray-200 sm:flex sm:overflow-x-auto"
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.value, node);
                else tabRefs.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(tab.value)}
              className={cn(
                '-mb-px border-b-2 px-2 py-2.5 text-sm leading-tight font-medium transition-colors sm:px-4 sm:whitespace-nowrap',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                selected
                  ? 'border-indigo-600 text-indigo-700'
                  : 'border-transparent text-gray-500 hover:border-gray-300 hover:text-gray-700',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} className="pt-6">
        {children}
      </div>
    </div>
  );
}
