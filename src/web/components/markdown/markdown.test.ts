import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown, safeUrl } from './markdown';

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, { children: text }));

describe('Markdown rendering', () => {
  it('renders GitHub-flavoured Markdown: tables, task lists, strikethrough', () => {
    const html = render(
      '| Criterion | Points |\n| --- | --- |\n| Tests | 20 |\n\n- [x] done\n\n~~old~~',
    );
    expect(html).toContain('<table>');
    expect(html).toContain('<td>Tests</td>');
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('<del>old</del>');
  });

  it('drops raw HTML instead of rendering it', () => {
    const html = render('Hello <script>alert(1)</script> <img src=x onerror="alert(2)"> world');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('onerror');
    expect(html).toContain('Hello');
  });

  it('keeps links with allowed protocols and opens them safely', () => {
    const html = render(
      '[docs](https://example.org) [mail](mailto:a@b.test) [chat](xmpp:room@x.test)',
    );
    expect(html).toContain('href="https://example.org"');
    expect(html).toContain('href="mailto:a@b.test"');
    expect(html).toContain('href="xmpp:room@x.test"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it('removes javascript:, data: and other protocols from links', () => {
    const html = render(
      '[x](javascript:alert(1)) [y](data:text/html,hi) [z](ftp://files.test/a) [w](JaVaScRiPt:alert(1))',
    );
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toContain('data:text');
    expect(html).not.toContain('ftp://');
  });

  it('allows exactly http, https, irc, ircs, mailto and xmpp plus relative links', () => {
    for (const ok of [
      'http://a.test',
      'https://a.test',
      'irc://a.test',
      'ircs://a.test',
      'mailto:a@b.test',
      'xmpp:a@b.test',
      '/teacher/courses',
      '#rubric',
    ]) {
      expect(safeUrl(ok)).toBe(ok);
    }
    for (const bad of ['javascript:alert(1)', 'vbscript:x', 'file:///etc/passwd', 'tel:123']) {
      expect(safeUrl(bad)).toBe('');
    }
  });
});
