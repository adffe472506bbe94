// Vitest globalSetup of the PGlite server project: migrates one PGlite database before any test
// file runs and leaves its image in a file that every test file starts its databases from
// (test-database.ts). Each test file runs in a fresh module context, so an image made inside
// one is made again for the next: ≈ 5 s of initdb and migrations per file, ×90 files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { makeMigratedPgliteImage } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite database, dumped to a file (`dumpDataDir`). */
    migratedPgliteImagePath: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'mylo-pglite-image-'));
  const path = join(dir, 'migrated.tar');
  const image = await makeMigratedPgliteImage();
  writeFileSync(path, Buffer.from(await image.arrayBuffer()));
  project.provide('migratedPgliteImagePath', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
