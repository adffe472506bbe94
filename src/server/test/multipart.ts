// multipart/form-data bodies for app.inject, built by hand so a test controls every byte:
// the field order, the declared type and the file name (even one like '../../etc/passwd.pdf').
import { randomBytes } from 'node:crypto';

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

export function multipartBody(parts: FormPart[]) {
  const boundary = `----mylo-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
