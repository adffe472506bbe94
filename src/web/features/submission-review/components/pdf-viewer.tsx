// Loaded lazily (see submission-document.tsx): pdf.js is large, and only this screen needs it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import { toast } from '@web/lib/toast';
import { ZoomIn, ZoomOut } from 'lucide-react';
import { assetsBase, workerSrc } from 'virtual:pdfjs-assets';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { PdfFailure } from './pdf-failure';

pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;

/**
 * Everything from our own origin, as the CSP demands. No eval (fonts are drawn without compiled
 * functions) and no WebAssembly, which the CSP does not allow: JPEG 2000 images use the
 * JavaScript decoder instead, and ICC colour profiles fall back to the plain colour space.
 */
const DOCUMENT_OPTIONS = {
  isEvalSupported: false,
  useWasm: false,
  cMapUrl: `${assetsBase}cmaps/`,
  standardFontDataUrl: `${assetsBase}standard_fonts/`,
  wasmUrl: `${assetsBase}wasm/`,
};

const ZOOM_LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const DEFAULT_ZOOM = ZOOM_LEVELS.indexOf(1);
/** The widest a page is drawn at 100%, so a wide screen does not blow a page up. */
const MAX_PAGE_WIDTH = 900;
/**
 * The narrowest a page is drawn at 100%: a letter page's 12 pt text is then about 12 px. On a
 * phone the page is wider than the screen and scrolls sideways inside the viewer (a document
 * keeps its layout, WCAG 1.4.10's exception); fitting it to 360 px would make text of 5 px.
 */
const MIN_READABLE_WIDTH = 640;
/** Letter paper, for the space a page takes before it is drawn. */
const PAGE_RATIO = 11 / 8.5;

/** The inner width of an element, kept up to date as the layout changes. */
function useContentWidth() {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((node: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!node) return;
    observer.current = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.current.observe(node);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width] as const;
}

/** SPEC §2: every page of the PDF, in the page, with zoom and the page count. */
export function PdfViewer({ url, onDownload }: { url: string; onDownload: () => void }) {
  const [pageCount, setPageCount] = useState<number | null>(null);
  const [zoomIndex, setZoomIndex] = useState(DEFAULT_ZOOM);
  const [scrollAreaRef, areaWidth] = useContentWidth();
  const zoom = ZOOM_LEVELS[zoomIndex] ?? 1;
  // 100% fits the viewer's width, between a readable minimum and a comfortable maximum.
  const baseWidth = Math.min(Math.max(areaWidth, MIN_READABLE_WIDTH), MAX_PAGE_WIDTH);
  const pageWidth = areaWidth > 0 ? Math.round(baseWidth * zoom) : 0;

  function handleLoadError(error: Error) {
    toast.error(`PDF Error: ${error.message}`, { id: 'pdf-error' });
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 bg-gray-50 px-4 py-2">
        <p className="text-sm text-gray-600" aria-live="polite">
          {pageCount === null
            ? 'Loading PDF…'
            : `${pageCount} ${pageCount === 1 ? 'page' : 'pages'}`}
        </p>
        <div className="flex items-center gap-1" role="group" aria-label="Zoom">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setZoomIndex((index) => Math.max(0, index - 1))}
            disabled={zoomIndex === 0}
            aria-label="Zoom out"
            title="Zoom out"
          >
            <ZoomOut aria-hidden="true" className="size-4" />
          </Button>
          <button
            type="button"
            onClick={() => setZoomIndex(DEFAULT_ZOOM)}
            title="Reset zoom"
            aria-label={`Zoom ${Math.round(zoom * 100)}%, reset`}
            className="min-w-14 rounded-md px-1 py-1 text-center text-sm font-medium text-gray-700 tabular-nums hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {Math.round(zoom * 100)}%
          </button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setZoomIndex((index) => Math.min(ZOOM_LEVELS.length - 1, index + 1))}
            disabled={zoomIndex === ZOOM_LEVELS.length - 1}
            aria-label="Zoom in"
            title="Zoom in"
          >
            <ZoomIn aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>

      <div
        ref={scrollAreaRef}
        className="h-[75vh] min-h-96 overflow-auto bg-gray-100 p-3 sm:p-4 lg:h-[calc(100vh-16rem)]"
        tabIndex={0}
        role="region"
        aria-label="PDF pages"
      >
        <Document
          file={url}
          options={DOCUMENT_OPTIONS}
          onLoadSuccess={(document) => setPageCount(document.numPages)}
          onLoadError={handleLoadError}
          loading={
            <div className="flex h-full items-center justify-center">
              <Spinner />
            </div>
          }
          error={<PdfFailure title="Failed to load PDF" onDownload={onDownload} />}
          className="flex w-max min-w-full flex-col items-center gap-4"
        >
          {pageWidth > 0 &&
            Array.from({ length: pageCount ?? 0 }, (_, index) => (
              <Page
                key={index}
                pageNumber={index + 1}
                width={pageWidth}
                className="overflow-hidden bg-white shadow-md ring-1 ring-gray-900/5"
                loading={<div style={{ width: pageWidth, height: pageWidth * PAGE_RATIO }} />}
                error={
                  <div
                    style={{ width: pageWidth }}
                    className="px-4 py-10 text-center text-sm text-red-700"
                  >
                    Failed to display PDF in browser
                  </div>
                }
              />
            ))}
        </Document>
      </div>
    </div>
  );
}
