// A one-page PDF the CPU worker reads when an upload arrives, so that the hand-in following it
// finds pdf.js loaded and its code compiled (decision 043). Loading pdf.js and reading a first
// document cost about 160 ms of one thread; every later document costs a few milliseconds.
// Written out here, with its cross-reference table, so that pdf.js reads it as it reads a
// student's PDF (a compressed stream and a standard font included), not through its repair path.
// Not made by demo/text-pdf.ts (the generator for demo data, tests and benchmarks): that would
// load pdf-lib into every PDF thread, or into the server, only to write these 618 bytes.
import { deflateSync } from 'node:zlib';

/** The text the warm-up PDF holds (its test checks that pdf.js reads it). */
export const WARM_UP_TEXT = 'Ready for hand-ins.';

export function warmUpPdf(): Uint8Array {
  const content = deflateSync(`BT /F1 12 Tf 20 20 Td (${WARM_UP_TEXT}) Tj ET`);
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 60] /Contents 4 0 R ' +
        '/Resources << /Font << /F1 5 0 R >> >> >>',
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const parts = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  for (const [i, body] of objects.entries()) {
    const object = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      body,
      Buffer.from('\nendobj\n'),
    ]);
    offsets.push(length);
    parts.push(object);
    length += object.length;
  }
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return new Uint8Array(Buffer.concat([...parts, Buffer.from(xref)]));
}
