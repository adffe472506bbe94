// The voice course's knowledge base (DESIGN §9): a readable Markdown document of course-level
// facts only — the course, its teacher and its published assignments with due dates, points
// and rubrics. It never reads submissions, grades or any student's name, so no student data
// can reach the provider's shared knowledge base. Same rows, same text.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { selectPublishedAssignments } from '../assignments/assignment-queries';
import { selectCourse } from '../courses/course-queries';
import type { Database } from '../db/connect';
import { assignments } from '../db/schema';

/** Long descriptions are summarised to this many characters; rubrics are kept whole. */
const DESCRIPTION_SUMMARY_CHARS = 600;

const dueDateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** "Friday, March 6, 2026 at 11:59 PM UTC". */
export function formatDueDate(date: Date): string {
  return dueDateFormat.format(date);
}

/**
 * The Markdown document for a course, or null when the course does not exist. It reads the
 * course and its assignments through the same queries that decide what a student sees
 * (published assignments only).
 */
export async function buildCourseKnowledgeBase(
  db: Database,
  courseId: string,
): Promise<string | null> {
  const course = await selectCourse(db, courseId, 'student');
  if (!course) return null;
  const published = await selectPublishedAssignments(db, eq(assignments.course_id, courseId));

  const lines: string[] = [
    `# ${oneLine(course.title)}`,
    '',
    `Teacher: ${oneLine(course.teacher.full_name)}`,
    '',
    '## About the course',
    '',
    course.description?.trim() || 'No description has been given.',
    '',
    '## Assignments',
    '',
  ];
  if (published.length === 0) lines.push('No assignments have been published yet.', '');
  for (const assignment of published) {
    lines.push(
      `### ${oneLine(assignment.title)}`,
      '',
      `- Due: ${assignment.due_date ? formatDueDate(assignment.due_date) : 'no due date'}`,
      `- Points: ${assignment.total_points}`,
      '',
    );
    const description = summarise(assignment.description);
    if (description) lines.push(description, '');
    const rubric = assignment.rubric_markdown?.trim();
    lines.push(
      '#### Rubric',
      '',
      rubric ? demoteHeadings(rubric) : 'No rubric has been published.',
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

export function contentHash(content: string): string {
  return createHash('sha256').update(content).digest('hex');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function summarise(text: string | null): string {
  const trimmed = text?.trim() ?? '';
  if (trimmed.length <= DESCRIPTION_SUMMARY_CHARS) return trimmed;
  const cut = trimmed.slice(0, DESCRIPTION_SUMMARY_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DESCRIPTION_SUMMARY_CHARS / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** A rubric's own headings sit below the assignment's "#### Rubric" heading. */
function demoteHeadings(markdown: string): string {
  return markdown.replace(
    /^(#{1,4}) /gm,
    (_match, hashes: string) => `${'#'.repeat(Math.min(6, hashes.length + 4))} `,
  );
}
