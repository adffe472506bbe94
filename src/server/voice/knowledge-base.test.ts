import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../db/schema';
import { buildAssignment, buildCourse, buildUser, enrol } from '../test/factories';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { buildCourseKnowledgeBase } from './knowledge-base';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

describe('buildCourseKnowledgeBase', () => {
  it('writes course-level facts as Markdown, the same every time, without student data', async () => {
    const db = database.db;
    const teacher = await buildUser(db, { role: 'teacher', full_name: 'Grace Hopper' });
    const student = await buildUser(db, { full_name: 'Priya Secretstudent' });
    const course = await buildCourse(db, teacher.id, {
      title: 'CS500  Compilers',
      description: 'From source text to machine code.',
    });
    const later = await buildAssignment(db, course.id, {
      title: 'Code generator',
      due_date: new Date('2026-04-10T16:00:00Z'),
      total_points: 100,
      description: 'x '.repeat(400),
    });
    await buildAssignment(db, course.id, {
      title: 'Lexer',
      description: 'Tokenise the language.',
      due_date: new Date('2026-02-01T23:59:00Z'),
      total_points: 20,
      rubric_markdown: '# Criteria\n- Correct tokens (20 points)',
    });
    await buildAssignment(db, course.id, { title: 'Draft idea', status: 'draft' });
    await buildAssignment(db, course.id, { title: 'Undated reading', total_points: 5 });
    await enrol(db, course.id, student.id);
    await db.insert(submissions).values({
      assignment_id: later.id,
      student_id: student.id,
      status: 'graded',
      grade: 77,
      feedback: 'Secret feedback for Priya',
    });

    const markdown = await buildCourseKnowledgeBase(db, course.id);
    expect(await buildCourseKnowledgeBase(db, course.id)).toBe(markdown);
    const summary = `${'x '.repeat(300).trim()}…`;
    expect(markdown).toBe(
      [
        '# CS500 Compilers',
        '',
        'Teacher: Grace Hopper',
        '',
        '## About the course',
        '',
        'From source text to machine code.',
        '',
        '## Assignments',
        '',
        '### Lexer',
        '',
        '- Due: Sunday, February 1, 2026 at 11:59 PM UTC',
        '- Points: 20',
        '',
        'Tokenise the language.',
        '',
        '#### Rubric',
        '',
        '##### Criteria',
        '- Correct tokens (20 points)',
        '',
        '### Code generator',
        '',
        '- Due: Friday, April 10, 2026 at 4:00 PM UTC',
        '- Points: 100',
        '',
        summary,
        '',
        '#### Rubric',
        '',
        'No rubric has been published.',
        '',
        '### Undated reading',
        '',
        '- Due: no due date',
        '- Points: 5',
        '',
        '#### Rubric',
        '',
        'No rubric has been published.',
        '',
      ].join('\n'),
    );
    expect(markdown).not.toMatch(/Priya|Secretstudent|77|Secret feedback|Draft idea/);
  });

  it('answers null for a course that does not exist', async () => {
    expect(
      await buildCourseKnowledgeBase(database.db, '00000000-0000-4000-8000-000000000000'),
    ).toBeNull();
  });
});
