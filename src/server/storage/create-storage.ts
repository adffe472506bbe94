// The storage driver the configuration asks for (STORAGE_DRIVER): the local disk by default,
// or an S3-compatible server at scale (DESIGN §12). Both pass the same contract suite. The S3
// driver (and the AWS SDK, some 40 MB) is loaded only when it is the one asked for.
import type { Config } from '../config';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';

export async function createStorage(
  config: Pick<Config, 'storageDir' | 'storage'>,
): Promise<FileStorage> {
  if (config.storage.driver !== 's3') return createLocalStorage(config.storageDir);
  const { createS3Storage } = await import('./s3-storage');
  return createS3Storage(config.storage);
}
