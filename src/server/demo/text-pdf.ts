// The one text-PDF generator: real PDFs for the demo submissions, and for every test, e2e
// spec, evaluation and benchmark that needs a PDF, so that viewing and text extraction are
// exercised on the same kind of file everywhere.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export interface TextPdfInput {
  /** Drawn first in bold and kept as the PDF's title; omitted when empty. */
  title?: string;
  /** Drawn under the title and kept as the PDF's author; omitted when empty. */
  author?: string;
  /**
   * One entry per block. Light Markdown-like markers: '# ' and '## ' start headings, '- '
   * a bullet, and a block whose lines all start with four spaces is code (kept line by line).
   * PAGE_BREAK on its own starts a new page.
   */
  paragraphs: string[];
}

export interface TextPdfOptions {
  /**
   * Pads the file to about this many bytes with an unused stream (sizes for upload tests and
   * benchmarks); `seed` varies the padding so equal sizes still differ in content.
   */
  padToBytes?: number;
  seed?: number;
}

/** A paragraph that starts a new page. */
export const PAGE_BREAK = '\f';

type Block =
  | { kind: 'heading1' | 'heading2' | 'body' | 'bullet'; text: string }
  | { kind: 'code'; lines: string[] }
  | { kind: 'page-break' };

const PAGE = { width: 612, height: 792, margin: 72 } as const; // US Letter, 1-inch margins
const BULLET = '\u2022';
const BULLET_INDENT = 14;
const STYLE = {
  title: { size: 18, gapAfter: 4 },
  author: { size: 11, gapAfter: 18 },
  heading1: { size: 14, gapAfter: 6 },
  heading2: { size: 12, gapAfter: 4 },
  body: { size: 11, gapAfter: 8 },
  bullet: { size: 11, gapAfter: 4 },
  code: { size: 9.5, gapAfter: 8 },
} as const;
const LINE_HEIGHT = 1.4;
const TEXT_COLOR = rgb(0.1, 0.1, 0.12);
const MUTED_COLOR = rgb(0.38, 0.38, 0.42);

function parseBlock(paragraph: string): Block {
  if (paragraph === PAGE_BREAK) return { kind: 'page-break' };
  const lines = paragraph.split('\n');
  if (lines.every((line) => line.startsWith('    ') || line.trim() === '')) {
    return { kind: 'code', lines: lines.map((line) => line.slice(4).trimEnd()) };
  }
  const flat = paragraph.replace(/\s+/g, ' ').trim();
  if (flat.startsWith('## ')) return { kind: 'heading2', text: flat.slice(3) };
  if (flat.startsWith('# ')) return { kind: 'heading1', text: flat.slice(2) };
  if (flat.startsWith('- ')) return { kind: 'bullet', text: flat.slice(2) };
  return { kind: 'body', text: flat };
}

/** Exactly the text the PDF shows, in reading order: what `submissions.content` holds. */
export function textPdfContent({ title, author, paragraphs }: TextPdfInput): string {
  const blocks = paragraphs.flatMap((paragraph) => {
    const block = parseBlock(paragraph);
    if (block.kind === 'page-break') return [];
    if (block.kind === 'code') return [block.lines.join('\n')];
    return [block.kind === 'bullet' ? `${BULLET} ${block.text}` : block.text];
  });
  return [title, author, ...blocks].filter(Boolean).join('\n\n');
}

export async function createTextPdf(
  input: TextPdfInput,
  options: TextPdfOptions = {},
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  if (input.title) pdf.setTitle(input.title);
  if (input.author) pdf.setAuthor(input.author);
  pdf.setCreator('Mylo Classroom');
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  const writer = new PageWriter(pdf);

  if (input.title) {
    writer.lines(
      wrap(input.title, fonts.bold, STYLE.title.size, writer.width),
      fonts.bold,
      STYLE.title.size,
    );
    writer.gap(STYLE.title.gapAfter);
  }
  if (input.author) {
    writer.lines(
      wrap(input.author, fonts.regular, STYLE.author.size, writer.width),
      fonts.regular,
      STYLE.author.size,
      { color: MUTED_COLOR },
    );
    writer.gap(STYLE.author.gapAfter);
  }

  for (const paragraph of input.paragraphs) {
    const block = parseBlock(paragraph);
    if (block.kind === 'page-break') {
      writer.newPage();
      continue;
    }
    if (block.kind === 'code') {
      const lines = block.lines.flatMap((line) =>
        hardWrap(line, fonts.mono, STYLE.code.size, writer.width),
      );
      writer.lines(lines, fonts.mono, STYLE.code.size);
    } else if (block.kind === 'bullet') {
      const lines = wrap(
        block.text,
        fonts.regular,
        STYLE.bullet.size,
        writer.width - BULLET_INDENT,
      );
      writer.lines(lines, fonts.regular, STYLE.bullet.size, {
        indent: BULLET_INDENT,
        marker: BULLET,
      });
    } else {
      const font = block.kind === 'body' ? fonts.regular : fonts.bold;
      const size = STYLE[block.kind].size;
      // A heading never sits alone at the foot of a page: it moves on with its first lines.
      if (block.kind !== 'body') writer.keepSpace(size * LINE_HEIGHT * 3);
      writer.lines(wrap(block.text, font, size, writer.width), font, size);
    }
    writer.gap(STYLE[block.kind].gapAfter);
  }
  return options.padToBytes ? padded(pdf, options.padToBytes, options.seed ?? 0) : pdf.save();
}

/** The same PDF with an unused stream of `seed`-dependent bytes, to about `size` bytes. */
async function padded(pdf: PDFDocument, size: number, seed: number): Promise<Uint8Array> {
  const base = (await pdf.save({ useObjectStreams: false })).length;
  const padding = Buffer.alloc(Math.max(0, (size - base - 80) & ~3));
  for (let i = 0; i < padding.length; i += 4) {
    padding.writeUInt32LE((i * 2654435761 + seed) >>> 0, i);
  }
  pdf.context.register(pdf.context.stream(padding));
  return pdf.save({ useObjectStreams: false });
}

/** Draws lines top to bottom, starting a new page whenever the current one is full. */
class PageWriter {
  readonly width = PAGE.width - 2 * PAGE.margin;
  private page: PDFPage;
  private y = 0;

  constructor(private readonly pdf: PDFDocument) {
    this.page = this.addPage();
  }

  lines(
    lines: string[],
    font: PDFFont,
    size: number,
    options: { indent?: number; marker?: string; color?: ReturnType<typeof rgb> } = {},
  ) {
    const indent = options.indent ?? 0;
    lines.forEach((line, index) => {
      this.keepSpace(size * LINE_HEIGHT);
      this.y -= size * LINE_HEIGHT;
      const color = options.color ?? TEXT_COLOR;
      if (index === 0 && options.marker) {
        this.page.drawText(options.marker, { x: PAGE.margin + 2, y: this.y, size, font, color });
      }
      if (line) this.page.drawText(line, { x: PAGE.margin + indent, y: this.y, size, font, color });
    });
  }

  gap(points: number) {
    this.y -= points;
  }

  keepSpace(points: number) {
    if (this.y - points < PAGE.margin) this.newPage();
  }

  newPage() {
    this.page = this.addPage();
  }

  private addPage(): PDFPage {
    const page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    return page;
  }
}

/** Greedy word wrap; a word longer than a whole line is split. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    const pieces = hardWrap(word, font, size, width);
    current = pieces.pop() ?? '';
    lines.push(...pieces);
  }
  if (current) lines.push(current);
  return lines;
}

/** Splits a line that does not fit into pieces that do, keeping every character. */
function hardWrap(line: string, font: PDFFont, size: number, width: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const char of line) {
    if (current && font.widthOfTextAtSize(current + char, size) > width) {
      pieces.push(current);
      current = '';
    }
    current += char;
  }
  pieces.push(current);
  return pieces;
}
