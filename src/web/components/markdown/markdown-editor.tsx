import { useId, useState } from 'react';
import { Eye, PencilLine } from 'lucide-react';
import { controlStyles, fieldErrorId } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { Markdown } from './markdown';

type Mode = 'edit' | 'preview';

const GUIDE: Array<[syntax: string, result: string]> = [
  ['# Heading', 'Heading (## and ### for smaller ones)'],
  ['**bold** and *italic*', 'Bold and italic text'],
  ['- item', 'Bulleted list (1. for numbered)'],
  ['[text](https://example.com)', 'Link'],
  ['`code`', 'Inline code (``` on its own line for a block)'],
  ['| A | B |\n|---|---|\n| 1 | 2 |', 'Table'],
  ['> quote', 'Quotation'],
];

/**
 * Markdown text with Edit and Preview modes, a collapsible syntax guide and a hint line. The
 * preview uses the same renderer as every screen that shows the text.
 */
export function MarkdownEditor({
  id,
  label,
  value,
  onChange,
  placeholder,
  rows = 8,
  hint = 'Markdown is supported: headings, lists, tables, links and code.',
  error,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  rows?: number;
  hint?: string;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const [mode, setMode] = useState<Mode>('edit');
  const hintId = useId();
  const modes: Array<{ value: Mode; label: string; icon: typeof Eye }> = [
    { value: 'edit', label: 'Edit', icon: PencilLine },
    { value: 'preview', label: 'Preview', icon: Eye },
  ];

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-gray-700">
          {label}
        </label>
        <div
          role="group"
          aria-label={`${label} mode`}
          className="inline-flex rounded-lg bg-gray-100 p-0.5"
        >
          {modes.map(({ value: modeValue, label: modeLabel, icon: Icon }) => (
            <button
              key={modeValue}
              type="button"
              aria-pressed={mode === modeValue}
              onClick={() => setMode(modeValue)}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1 text-xs font-medium transition-colors',
                'focus-visible:outline-2 focus-visible:outline-indigo-600',
                mode === modeValue
                  ? 'bg-white text-gray-900 shadow-sm ring-1 ring-gray-500'
                  : 'text-gray-700 hover:text-gray-900',
              )}
            >
              <Icon aria-hidden="true" className="size-3.5" />
              {modeLabel}
            </button>
          ))}
        </div>
      </div>

      <div className="mt-1.5">
        {mode === 'edit' ? (
          <textarea
            id={id}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            placeholder={placeholder}
            rows={rows}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={cn(hintId, error && fieldErrorId(id)) || undefined}
            className={controlStyles(Boolean(error), 'py-2 font-mono leading-relaxed')}
          />
        ) : (
          <div
            id={id}
            aria-label={`${label} preview`}
            className="min-h-32 rounded-lg border border-gray-200 bg-gray-50/60 px-4 py-3"
            style={{ minHeight: `${rows * 1.5 + 1}rem` }}
          >
            {value.trim() ? (
              <Markdown>{value}</Markdown>
            ) : (
              <p className="text-sm text-gray-500 italic">Nothing to preview yet.</p>
            )}
          </div>
        )}
      </div>

      {error && (
        <p id={fieldErrorId(id)} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
      <p id={hintId} className="mt-1.5 text-xs text-gray-500">
        {hint}
      </p>

      <details className="group mt-2 rounded-lg border border-gray-200 bg-white text-sm">
        <summary className="cursor-pointer rounded-lg px-3 py-2 text-xs font-medium text-indigo-600 select-none hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-600">
          Markdown guide
        </summary>
        <table className="w-full border-t border-gray-100 text-left text-xs">
          <thead className="sr-only">
            <tr>
              <th scope="col">You type</th>
              <th scope="col">You get</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {GUIDE.map(([syntax, result]) => (
              <tr key={syntax}>
                <td className="w-1/2 px-3 py-1.5 align-top">
                  <code className="font-mono break-all whitespace-pre-wrap text-gray-800">
                    {syntax}
                  </code>
                </td>
                <td className="px-3 py-1.5 align-top text-gray-600">{result}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
