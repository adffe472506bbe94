// Migration 0007 (submission_versions) on a database that already holds submissions: every
// submission handed in with a file becomes version 1 of itself, its grade and suggestions
// refer to it, and nothing else changes.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/connect';
import type * as schema from '../db/schema';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));
const VERSIONS_MIGRATION = '0007_submission_versions';

/** The migrations folder as it was before this one. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'mylo-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

let handle: DatabaseHandle | undefined;
let folder: string | undefined;
afterAll(async () => {
  await handle?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const asPglite = (h: DatabaseHandle) => h.db as unknown as PgliteDatabase<typeof schema>;
type Row = Record<string, unknown>;
const rowsOf = async (h: DatabaseHandle, query: SQL) =>
  ((await h.db.execute(query)) as unknown as { rows: Row[] }).rows;

describe('the submission_versions migration', () => {
  it('backfills one version per submission with a file, from the current columns', async () => {
    // Only on PGlite: the migration is the same SQL on PostgreSQL.
    handle = await connectDatabase({});
    folder = migrationsBefore(VERSIONS_MIGRATION);
    await migrate(asPglite(handle), { migrationsFolder: folder });
    const { db } = handle;

    for (const statement of [
      sql`insert into users (id, email, full_name, role, password_hash) values
        ('00000000-0000-4000-8000-000000000001', 't@school.test', 'Teacher', 'teacher', 'x'),
        ('00000000-0000-4000-8000-000000000002', 's@school.test', 'Student', 'student', 'x'),
        ('00000000-0000-4000-8000-000000000003', 'r@school.test', 'Other', 'student', 'x')`,
      sql`insert into courses (id, title, teacher_id) values
        ('00000000-0000-4000-8000-0000000000c1', 'Course', '00000000-0000-4000-8000-000000000001')`,
      sql`insert into assignments (id, course_id, title, total_points, status) values
        ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000c1', 'Essay', 10, 'published')`,
      sql`insert into submissions (id, assignment_id, student_id, status, submitted_at, grade, graded_at,
          file_path, file_size, original_filename, content) values
        ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000a1',
          '00000000-0000-4000-8000-000000000002', 'graded', '2026-03-01T10:00:00Z', 7, '2026-03-02T10:00:00Z',
          'c1/s/1_essay.pdf', 1234, 'Essay.pdf', 'The text'),
        ('00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-0000000000a1',
          '00000000-0000-4000-8000-000000000003', 'draft', null, null, null, null, null, null, null)`,
      sql`insert into grading_suggestions (submission_id, file_path, engine_id, engine_name, grade, result) values
        ('00000000-0000-4000-8000-0000000000b1', 'c1/s/1_essay.pdf', 'offline', 'Offline', 6, '{}'),
        ('00000000-0000-4000-8000-0000000000b1', 'c1/s/0_older.pdf', 'offline', 'Offline', 5, '{}')`,
    ]) {
      await db.execute(statement);
    }

    await migrate(asPglite(handle), { migrationsFolder: MIGRATIONS });

    const versions = await rowsOf(handle, sql`select * from submission_versions`);
    expect(versions).toHaveLength(1);
    const version = versions[0]!;
    expect(version).toMatchObject({
      submission_id: '00000000-0000-4000-8000-0000000000b1',
      number: 1,
      file_path: 'c1/s/1_essay.pdf',
      file_size: 1234,
      original_filename: 'Essay.pdf',
      content: 'The text',
    });
    expect(new Date(version.submitted_at as string).toISOString()).toBe('2026-03-01T10:00:00.000Z');

    const rows = await rowsOf(
      handle,
      sql`select id, current_version_id, graded_version_id, file_path, grade from submissions order by id`,
    );
    expect(rows).toEqual([
      {
        id: '00000000-0000-4000-8000-0000000000b1',
        current_version_id: version.id,
        graded_version_id: version.id,
        file_path: 'c1/s/1_essay.pdf',
        grade: 7,
      },
      {
        id: '00000000-0000-4000-8000-0000000000b2',
        current_version_id: null,
        graded_version_id: null,
        file_path: null,
        grade: null,
      },
    ]);

    const suggestions = await rowsOf(
      handle,
      sql`select file_path, version_id from grading_suggestions order by grade desc`,
    );
    expect(suggestions).toEqual([
      { file_path: 'c1/s/1_essay.pdf', version_id: version.id },
      // A file no longer kept had no version to refer to.
      { file_path: 'c1/s/0_older.pdf', version_id: null },
    ]);
  });
});
