import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

type WithChildren = { children?: ReactNode };

/** A block's text followed by a space, so 'About' and the paragraph under it do not run together. */
const spaced = ({ children }: WithChildren) => <>{children} </>;
const inline = ({ children }: WithChildren) => <>{children}</>;

const components: Components = {
  ...Object.fromEntries(
    ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'li', 'blockquote', 'th', 'td'].map((tag) => [
      tag,
      spaced,
    ]),
  ),
  ...Object.fromEntries(
    ['ul', 'ol', 'table', 'thead', 'tbody', 'tr', 'pre', 'del', 'sup', 'section'].map((tag) => [
      tag,
      inline,
    ]),
  ),
  strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
  em: ({ children }) => <em>{children}</em>,
  code: ({ children }) => <code className="font-mono text-[0.95em]">{children}</code>,
  // Excerpts sit inside card links: a link in a link is not allowed, so a link is its text.
  a: inline,
  img: ({ alt }) => (alt ? <>{alt} </> : null),
  hr: () => ' ',
  br: () => ' ',
  input: () => null,
};

/**
 * A Markdown text as one run of inline text, for the clamped descriptions of course cards:
 * headings, paragraphs and list items become words separated by spaces, bold and italic stay,
 * the syntax ('##', '**', '[…](…)') never shows. Wrap it in the element that clamps it.
 */
export function MarkdownExcerpt({ children }: { children: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
      {children}
    </ReactMarkdown>
  );
}
