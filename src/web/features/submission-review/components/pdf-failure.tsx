import { FileWarning } from 'lucide-react';

/** SPEC §8: the viewer could not show the PDF; downloading it may still work. */
export function PdfFailure({ title, onDownload }: { title: string; onDownload: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center px-6 py-16 text-center">
      <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-red-50">
        <FileWarning aria-hidden="true" className="size-6 text-red-600" />
      </span>
      <p className="text-sm font-semibold text-gray-900">{title}</p>
      <p className="mt-1 text-sm text-gray-600">
        The file may be damaged or not a PDF. You can{' '}
        <button
          type="button"
          onClick={onDownload}
          className="font-medium text-indigo-600 underline underline-offset-2 hover:text-indigo-500 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          try downloading
        </button>{' '}
        it instead.
      </p>
    </div>
  );
}
