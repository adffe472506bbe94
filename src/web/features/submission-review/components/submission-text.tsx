import { ChevronRight, TextQuote } from 'lucide-react';

/** The text extracted from the PDF at submit time (what Mylo reads), folded away by default. */
export function SubmissionText({ content }: { content: string }) {
  const words = content.trim().split(/\s+/).filter(Boolean).length;
  return (
    <details className="group rounded-xl border border-gray-200 bg-white shadow-sm">
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-xl px-4 py-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:px-5 [&::-webkit-details-marker]:hidden">
        <TextQuote aria-hidden="true" className="size-5 shrink-0 text-indigo-600" />
        <span className="flex-1 text-sm font-semibold text-gray-900">Text Content</span>
        <span className="text-xs text-gray-500 tabular-nums">
          {words.toLocaleString('en-US')} words
        </span>
        <ChevronRight
          aria-hidden="true"
          className="size-4 text-gray-400 transition-transform group-open:rotate-90"
        />
      </summary>
      <div className="border-t border-gray-200 px-4 py-4 sm:px-5">
        <p className="mb-3 text-xs text-gray-500">
          Extracted from the PDF when it was submitted; this is the text Mylo reads.
        </p>
        {/* It scrolls, so it takes focus: keyboard users scroll it with the arrow keys. */}
        <pre
          tabIndex={0}
          role="region"
          aria-label="Text content"
          className="max-h-96 overflow-auto rounded-lg bg-gray-50 p-4 font-sans text-sm leading-relaxed break-words whitespace-pre-wrap text-gray-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {content}
        </pre>
      </div>
    </details>
  );
}
