// The class Mylo's evaluation set is asked about (issue 12): Maya teaches CS500 and Data
// Structures and Algorithms, shaped like the demo; Omar teaches Physics 200, which Maya's
// requests must never reach. Rebuilt before every case, so no case depends on another.
//
// The reference time is PINNED_NOW (Wednesday 5 March 2025, noon UTC): "this week" is
// Monday 3 to Sunday 9 March, "next week" 10 to 16 March.
import { inArray } from 'drizzle-orm';
import { courses, submissions } from '../../db/schema';
import type { TestApp } from '../build-test-app';
import { buildAssignment, buildCourse, enrol } from '../factories';
import { signedInUser } from '../sign-in';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

export const STUDENT_NAMES = [
  'Alex Rivera',
  'Sam Chen',
  'Jordan Lee',
  'Priya Patel',
  'Lee Kim',
] as const;
type StudentName = (typeof STUDENT_NAMES)[number];

export interface EvalPeople {
  maya: SignedIn;
  omar: SignedIn;
  students: Record<StudentName, SignedIn>;
}

export async function buildPeople(t: TestApp): Promise<EvalPeople> {
  const maya = await signedInUser(t, 'teacher', 'Maya Okafor');
  const omar = await signedInUser(t, 'teacher', 'Omar Haddad');
  const students = {} as Record<StudentName, SignedIn>;
  for (const name of STUDENT_NAMES) students[name] = await signedInUser(t, 'student', name);
  return { maya, omar, students };
}

const at = (iso: string) => new Date(iso);

const LAB1_RUBRIC = `- Working CLI (20 points)
- Tests (20 points)
- Write-up (10 points)`;

/** Drops both teachers' courses (everything below them cascades) and builds the class again. */
export async function resetClass(t: TestApp, people: EvalPeople) {
  const db = t.database.db;
  await db.delete(courses).where(inArray(courses.teacher_id, [people.maya.id, people.omar.id]));
  const s = people.students;

  const cs500 = await buildCourse(db, people.maya.id, {
    title: 'CS500',
    description: 'AI-Assisted Software Engineering',
  });
  const dsa = await buildCourse(db, people.maya.id, {
    title: 'Data Structures and Algorithms',
    description: 'Core data structures and the algorithms that use them',
  });
  const physics = await buildCourse(db, people.omar.id, {
    title: 'Physics 200',
    description: 'Mechanics',
  });
  for (const name of ['Alex Rivera', 'Sam Chen', 'Jordan Lee', 'Priya Patel'] as const) {
    await enrol(db, cs500.id, s[name].id);
  }
  for (const name of ['Alex Rivera', 'Lee Kim'] as const) await enrol(db, dsa.id, s[name].id);
  for (const name of ['Alex Rivera', 'Sam Chen', 'Lee Kim'] as const) {
    await enrol(db, physics.id, s[name].id);
  }

  const lab1 = await buildAssignment(db, cs500.id, {
    title: 'Lab 1: Prompting a CLI Tool into Existence',
    total_points: 50,
    due_date: at('2025-02-20T23:59:00Z'),
    rubric_markdown: LAB1_RUBRIC,
  });
  const homework1 = await buildAssignment(db, cs500.id, {
    title: 'Homework 1',
    total_points: 10,
    due_date: at('2025-02-27T23:59:00Z'),
  });
  await buildAssignment(db, cs500.id, {
    title: 'Term Project Proposal',
    total_points: 100,
    due_date: at('2025-03-07T23:59:00Z'),
  });
  await buildAssignment(db, cs500.id, {
    title: 'Reading Reflections Journal',
    status: 'draft',
    total_points: 20,
    due_date: at('2025-03-12T23:59:00Z'),
  });
  await buildAssignment(db, cs500.id, {
    title: 'Reading Quiz',
    status: 'draft',
    total_points: 10,
    due_date: at('2025-03-14T23:59:00Z'),
  });
  await buildAssignment(db, cs500.id, {
    title: 'Final Project Report and Demo',
    status: 'draft',
    total_points: 100,
    due_date: at('2025-04-18T23:59:00Z'),
  });
  const hashTable = await buildAssignment(db, dsa.id, {
    title: 'Hash Table Implementation',
    total_points: 100,
    due_date: at('2025-02-25T23:59:00Z'),
  });
  const graph = await buildAssignment(db, dsa.id, {
    title: 'Graph Traversal: BFS and DFS',
    total_points: 100,
    due_date: at('2025-03-09T23:59:00Z'),
  });
  await buildAssignment(db, dsa.id, {
    title: 'Heaps and Priority Queues',
    status: 'draft',
    total_points: 100,
    due_date: at('2025-03-21T23:59:00Z'),
  });
  await buildAssignment(db, dsa.id, {
    title: 'Reading Quiz',
    total_points: 10,
    due_date: at('2025-03-06T23:59:00Z'),
  });
  await buildAssignment(db, physics.id, {
    title: 'Pendulum Lab',
    status: 'draft',
    total_points: 40,
    due_date: at('2025-03-10T23:59:00Z'),
  });

  const handedIn = (
    assignmentId: string,
    student: StudentName,
    submittedAt: string,
    grade?: number,
  ) => ({
    assignment_id: assignmentId,
    student_id: s[student].id,
    submitted_at: at(submittedAt),
    status: grade === undefined ? ('submitted' as const) : ('graded' as const),
    ...(grade !== undefined && { grade, graded_at: at('2025-03-01T10:00:00Z') }),
  });
  await db
    .insert(submissions)
    .values([
      handedIn(lab1.id, 'Alex Rivera', '2025-02-19T15:00:00Z', 45),
      handedIn(lab1.id, 'Sam Chen', '2025-02-20T10:00:00Z', 38),
      handedIn(lab1.id, 'Jordan Lee', '2025-02-22T09:00:00Z'),
      handedIn(homework1.id, 'Alex Rivera', '2025-02-26T12:00:00Z', 9),
      handedIn(homework1.id, 'Sam Chen', '2025-02-27T20:00:00Z'),
      handedIn(homework1.id, 'Jordan Lee', '2025-02-28T08:00:00Z', 6),
      handedIn(hashTable.id, 'Alex Rivera', '2025-02-24T18:00:00Z', 88),
      handedIn(hashTable.id, 'Lee Kim', '2025-02-25T21:00:00Z', 72),
      handedIn(graph.id, 'Alex Rivera', '2025-03-04T16:00:00Z'),
    ]);
}
