// A course with a published assignment and an enrolled student, and the upload and submit
// calls the file and submission tests make through HTTP.
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { TestApp } from './build-test-app';
import { buildAssignment, buildCourse, enrol } from './factories';
import { multipartBody } from './multipart';
import { textPdf } from './pdf-fixtures';
import { signedInUser } from './sign-in';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

export async function buildClassroom(t: TestApp) {
  const teacher = await signedInUser(t, 'teacher', 'Ada Lovelace');
  const student = await signedInUser(t, 'student', 'Alan Turing');
  const course = await buildCourse(t.database.db, teacher.id, { title: 'Data Structures' });
  const assignment = await buildAssignment(t.database.db, course.id, {
    title: 'Hash tables',
    total_points: 100,
  });
  await enrol(t.database.db, course.id, student.id);
  return { teacher, student, course, assignment };
}

export async function uploadPdf(
  t: TestApp,
  user: Pick<SignedIn, 'headers'> | null,
  assignmentId: string,
  options: { data?: Buffer; filename?: string; contentType?: string } = {},
) {
  const body = multipartBody([
    { name: 'assignment_id', value: assignmentId },
    {
      name: 'file',
      filename: options.filename ?? 'essay.pdf',
      contentType: options.contentType ?? 'application/pdf',
      data: options.data ?? (await textPdf()),
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/files',
    payload: body.payload,
    headers: { ...body.headers, ...user?.headers },
  });
}

export function submit(
  t: TestApp,
  user: Pick<SignedIn, 'headers'> | null,
  assignmentId: string,
  file: { path: string; size: number; original_filename?: string },
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/assignments/${assignmentId}/submissions/me`,
    headers: user?.headers,
    payload: {
      file_path: file.path,
      file_size: file.size,
      original_filename: file.original_filename ?? 'essay.pdf',
    },
  });
}

/** Uploads a PDF and returns the upload result, failing the test if the upload fails. */
export async function uploaded(
  t: TestApp,
  user: Pick<SignedIn, 'headers'>,
  assignmentId: string,
  options: Parameters<typeof uploadPdf>[3] = {},
) {
  const response = await uploadPdf(t, user, assignmentId, options);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json<{ path: string; size: number; original_filename: string }>();
}

/** Every file under the storage directory, temp files included, relative to it. */
export async function filesOnDisk(t: TestApp): Promise<string[]> {
  const entries = await readdir(t.config.storageDir, {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(t.config.storageDir, join(entry.parentPath, entry.name)))
    .sort();
}
