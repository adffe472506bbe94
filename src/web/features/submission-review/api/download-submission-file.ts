import { saveFileAs } from '@web/lib/save-file';
import { getSignedFileUrl } from './get-signed-file-url';

/** Saves a stored file under its original name. */
export async function downloadSubmissionFile(path: string, filename: string): Promise<void> {
  const { url } = await getSignedFileUrl(path);
  await saveFileAs(url, filename);
}
