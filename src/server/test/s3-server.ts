// A real S3-compatible server (s3rver) on a loopback port, for the S3 driver's contract suite
// and the several-instance test. Its data lives in a temporary directory removed on close.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'assignment-files'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'mylo-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    // s3rver's fixed development credentials.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
