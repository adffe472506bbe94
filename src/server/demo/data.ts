// The demo content every screen shows on first start. Plain data: seed.ts turns it into rows
// and files. Alex is enrolled in both courses and Sam in CS500 only, so Sam has a course
// left to enrol in.
import { DEMO_VOICE_COURSE_ID } from '../config';
import { CS500_ASSIGNMENTS } from './assignments-cs500';
import { DSA_ASSIGNMENTS } from './assignments-dsa';
import type {
  DemoAccountKey,
  DemoAssignment,
  DemoCourse,
  DemoCourseKey,
  RelativeTime,
} from './types';

export { DEMO_SUBMISSIONS } from './submissions';

export { DEMO_ACCOUNTS } from '../auth/demo-accounts';

export const DEMO_COURSES: readonly DemoCourse[] = [
  {
    key: 'cs500',
    id: DEMO_VOICE_COURSE_ID,
    title: 'CS500',
    description:
      'AI-Assisted Software Engineering, a graduate course on building software with large language models responsibly: prompting as specification, testing non-deterministic systems, code review of generated code, and the ethics of AI tools. Weekly labs, a design review and a term project.',
    teacher: 'maya',
    createdAt: { days: -42, hour: 9, minute: 30 },
  },
  {
    key: 'dsa',
    title: 'Data Structures and Algorithms',
    description:
      'The core data structures (arrays, linked lists, hash tables, trees, heaps and graphs) and the algorithms that use them, with an emphasis on complexity analysis and clean, tested implementations in Python.',
    teacher: 'maya',
    createdAt: { days: -44, hour: 14, minute: 0 },
  },
];

export const DEMO_ASSIGNMENTS: readonly DemoAssignment[] = [
  ...CS500_ASSIGNMENTS,
  ...DSA_ASSIGNMENTS,
];

export const DEMO_ENROLLMENTS: readonly {
  course: DemoCourseKey;
  student: DemoAccountKey;
  enrolledAt: RelativeTime;
}[] = [
  { course: 'cs500', student: 'alex', enrolledAt: { days: -38, hour: 10, minute: 12 } },
  { course: 'dsa', student: 'alex', enrolledAt: { days: -39, hour: 18, minute: 40 } },
  { course: 'cs500', student: 'sam', enrolledAt: { days: -36, hour: 8, minute: 55 } },
];
