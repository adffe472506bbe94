/**
 * Saves the file at a signed URL under the given name. It is fetched as a blob first: a link's
 * `download` name loses to the server's Content-Disposition name, which is the stored one.
 */
export async function saveFileAs(url: string, filename: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The file server answered ${response.status}.`);
  const objectUrl = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the blob is no longer needed once it has.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  }
}
