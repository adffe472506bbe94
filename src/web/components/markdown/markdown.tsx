import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '@web/lib/cn';

/** SPEC §5: links may only use these protocols; relative links stay allowed. */
const ALLOWED_PROTOCOLS = /^(https?|ircs?|mailto|xmpp):/i;

/** Exported for tests: the href we keep, or '' for a link we refuse (javascript:, data:, …). */
export function safeUrl(url: string): string {
  const hasProtocol = /^[a-z][a-z0-9+.-]*:/i.test(url.trim());
  if (hasProtocol && !ALLOWED_PROTOCOLS.test(url.trim())) return '';
  return defaultUrlTransform(url);
}

/**
 * The one way Markdown is shown (descriptions, rubrics, feedback): GitHub-flavoured Markdown,
 * raw HTML dropped rather than rendered, links limited to SPEC §5's protocols.
 */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div
      className={cn(
        'prose prose-sm prose-gray max-w-none prose-headings:font-semibold prose-a:text-indigo-600 prose-code:before:content-none prose-code:after:content-none prose-pre:bg-gray-900',
        className,
      )}
    >
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={safeUrl}
        components={{
          a: ({ node: _node, ...props }) => (
            <a {...props} target="_blank" rel="noopener noreferrer nofollow" />
          ),
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
