const BYTES_PER_MB = 1024 * 1024;

/**
 * SPEC §2: sizes in MB with two decimals. A real file smaller than 0.005 MB would read
 * '0.00 MB', which looks like an empty upload, so it reads '< 0.01 MB' instead.
 */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / BYTES_PER_MB;
  if (bytes > 0 && megabytes < 0.005) return '< 0.01 MB';
  return `${megabytes.toFixed(2)} MB`;
}
