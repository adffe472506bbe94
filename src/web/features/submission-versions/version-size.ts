/** A version's size as the review screen shows file sizes: KB below a megabyte, else MB. */
export function formatVersionSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
