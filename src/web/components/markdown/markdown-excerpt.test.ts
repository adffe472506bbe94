import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownExcerpt } from './markdown-excerpt';

/** The markup, with white space collapsed as the browser shows it. */
const excerpt = (markdown: string) =>
  renderToStaticMarkup(createElement(MarkdownExcerpt, { children: markdown }))
    .replace(/\s+/g, ' ')
    .trim();

describe('MarkdownExcerpt', () => {
  it('shows the words of headings, paragraphs and lists without their syntax', () => {
    expect(excerpt('## About\n\nLearn *fast*.\n\n- one\n- two')).toBe(
      'About Learn <em>fast</em>. one two',
    );
  });

  it('keeps bold text and turns links into their text, since cards are links themselves', () => {
    expect(excerpt('**Bold** and [the syllabus](https://school.test/syllabus)')).toBe(
      '<strong class="font-semibold">Bold</strong> and the syllabus',
    );
  });

  it('drops raw HTML and images without a description', () => {
    expect(excerpt('<b>raw</b> text ![](https://school.test/a.png)')).toBe('raw text');
  });
});
