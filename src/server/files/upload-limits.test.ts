// Issue 20: one student cannot fill the disk. Uploads are limited per hour, and only so many may
// wait without being submitted; uploads older than a day no longer count (they are removed).
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildClassroom, filesOnDisk, submit, uploadPdf, uploaded } from '../test/uploads';

let open: TestApp[] = [];
afterEach(async () => {
  await Promise.all(open.map((t) => t.close()));
  open = [];
});

function manualClock(start = Date.parse('2026-03-02T09:00:00Z')) {
  let now = start;
  return {
    clock: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

// Each case builds its own app and hashes many passwords: slow on a busy machine, never a
// timing assertion.
describe('Upload limits per student', { timeout: 180_000 }, () => {
  it('UPLOAD_MAX_UNSUBMITTED uploads may wait unsubmitted; the next is refused and nothing is stored', async () => {
    const time = manualClock();
    const t = await buildTestApp({ env: { UPLOAD_MAX_UNSUBMITTED: '3' }, clock: time.clock });
    open.push(t);
    const { student, assignment } = await buildClassroom(t);
    const first = await uploaded(t, student, assignment.id);
    time.advance(1000);
    await uploaded(t, student, assignment.id);
    time.advance(1000);
    await uploaded(t, student, assignment.id);
    time.advance(1000);
    const stored = await filesOnDisk(t);

    const refused = await uploadPdf(t, student, assignment.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'QUOTA_EXCEEDED',
      message:
        'You have 3 uploaded files that were never submitted. Submit one of them, or try again tomorrow: uploads that are never submitted are removed after a day.',
      details: { unsubmitted_uploads: 3, limit: 3 },
    });
    expect(await filesOnDisk(t)).toEqual(stored);

    // Submitting one frees a place.
    expect((await submit(t, student, assignment.id, first)).statusCode).toBe(200);
    time.advance(1000);
    expect((await uploadPdf(t, student, assignment.id)).statusCode).toBe(201);
    time.advance(1000);
    expect((await uploadPdf(t, student, assignment.id)).statusCode).toBe(409);

    // A day later the waiting uploads are removed and no longer count.
    time.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await uploadPdf(t, student, assignment.id)).statusCode).toBe(201);
    expect((await filesOnDisk(t)).filter((path) => path.includes(student.id))).toHaveLength(2);
  });

  it('UPLOAD_MAX_PER_HOUR uploads an hour per student; another student is not held up', async () => {
    const time = manualClock();
    const t = await buildTestApp({ env: { UPLOAD_MAX_PER_HOUR: '2' }, clock: time.clock });
    open.push(t);
    const { student, assignment } = await buildClassroom(t);
    for (let i = 0; i < 2; i++) {
      const file = await uploaded(t, student, assignment.id);
      expect((await submit(t, student, assignment.id, file)).statusCode).toBe(200);
      time.advance(1000);
    }
    const refused = await uploadPdf(t, student, assignment.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);

    const other = await buildClassroom(t);
    expect((await uploadPdf(t, other.student, other.assignment.id)).statusCode).toBe(201);

    time.advance(60 * 60 * 1000);
    expect((await uploadPdf(t, student, assignment.id)).statusCode).toBe(201);
  });
});
