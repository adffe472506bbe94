// The S3 driver against a real S3-compatible server (s3rver) through the real AWS SDK client:
// the same storage contract as the local driver.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../test/s3-server';
import { describeStorageContract } from '../test/storage-contract';
import { createS3Storage } from './s3-storage';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.close());

describeStorageContract('s3', async () => {
  const storage = createS3Storage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: s3.credentials,
  });
  return {
    storage,
    // s3rver cannot list open multipart uploads (ListMultipartUploads is not implemented), so
    // there is no half-written area to inspect here; the contract's stat checks still prove
    // that no object appears after a refused or broken upload.
    leftovers: async () => [],
    cleanup: async () => {
      for (const key of await storage.list()) await storage.remove(key);
    },
  };
});

it('check() rejects when the bucket does not exist (what /health reports as storage down)', async () => {
  const storage = createS3Storage({
    bucket: 'no-such-bucket',
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: s3.credentials,
  });
  await expect(storage.check()).rejects.toThrow();
});
