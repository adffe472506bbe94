// A second set of requests, written after the engine was tuned on cases.ts. Its first run got
// 24 of 32 right (75 %) with no unintended change; the gaps it showed ("owes", "highest
// score", "put … back to draft", "give everyone 2 more days", "1 to 15 points" read as a time)
// were then fixed, so it is no longer unseen: unseen.ts is. `npm run eval:agent` reports each
// set; `npm test` requires of these two only that nothing the teacher did not name changes.
import type { EvalCase } from './cases';

const CS500 = 'CS500';
const DSA = 'Data Structures and Algorithms';
const LAB1 = 'Lab 1: Prompting a CLI Tool into Existence';

export const SECOND_SET_CASES: EvalCase[] = [
  {
    category: 'greeting prompts',
    say: 'Lab 1 for CS500 please, 50 points, new assignment',
    changes: [{ created: 'assignment', course: CS500, title: 'Lab 1', total_points: 50 }],
  },
  { category: 'greeting prompts', say: 'number of submissions for homework 1?', says: ['3 of 4'] },
  { category: 'greeting prompts', say: 'what features does this platform have', says: ['Courses'] },
  {
    category: 'create',
    say: 'could you create a 40 point lab for DSA named Binary Search Trees due march 21',
    changes: [
      {
        created: 'assignment',
        course: DSA,
        title: 'Binary Search Trees',
        total_points: 40,
        due_date: '2025-03-21T23:59:00.000Z',
      },
    ],
  },
  {
    category: 'create',
    say: 'new quiz for cs500: "Tokens and Context Windows", worth 5 pts',
    changes: [
      {
        created: 'assignment',
        course: CS500,
        title: 'Tokens and Context Windows',
        total_points: 5,
      },
    ],
  },
  {
    category: 'create',
    say: 'Start a new class called Intro to Statistics',
    changes: [{ created: 'course', title: 'Intro to Statistics' }],
  },
  {
    category: 'create',
    say: 'add an essay to CS500 titled Reflection on Pair Programming due in two weeks',
    changes: [
      {
        created: 'assignment',
        course: CS500,
        title: 'Reflection on Pair Programming',
        due_date: '2025-03-19T23:59:00.000Z',
      },
    ],
  },
  {
    category: 'change',
    say: 'change homework 1 to 15 points',
    changes: [
      { updated: 'assignment', course: CS500, title: 'Homework 1', set: { total_points: 15 } },
    ],
  },
  {
    category: 'change',
    say: 'give everyone 2 more days on the term project proposal',
    changes: [
      {
        updated: 'assignment',
        course: CS500,
        title: 'Term Project Proposal',
        set: { due_date: '2025-03-09T23:59:00.000Z' },
      },
    ],
  },
  {
    category: 'change',
    say: 'set the deadline of Hash Table Implementation to friday at 5pm',
    changes: [
      {
        updated: 'assignment',
        course: DSA,
        title: 'Hash Table Implementation',
        set: { due_date: '2025-03-07T17:00:00.000Z' },
      },
    ],
  },
  {
    category: 'change',
    say: 'rename the term project proposal to Project Proposal',
    changes: [
      {
        updated: 'assignment',
        course: CS500,
        title: 'Term Project Proposal',
        set: { title: 'Project Proposal' },
      },
    ],
  },
  {
    category: 'publish and close',
    say: 'release the reading reflections journal',
    changes: [
      {
        updated: 'assignment',
        course: CS500,
        title: 'Reading Reflections Journal',
        set: { status: 'published' },
      },
    ],
  },
  {
    category: 'publish and close',
    say: 'lock hash table implementation, no more submissions',
    changes: [
      {
        updated: 'assignment',
        course: DSA,
        title: 'Hash Table Implementation',
        set: { status: 'closed' },
      },
    ],
  },
  {
    category: 'publish and close',
    say: 'put lab 1 back to draft',
    changes: [{ updated: 'assignment', course: CS500, title: LAB1, set: { status: 'draft' } }],
  },
  {
    category: 'delete',
    say: ['trash the final project report and demo', 'yes please'],
    changes: [{ deleted: 'assignment', course: CS500, title: 'Final Project Report and Demo' }],
  },
  { category: 'delete', say: ['delete homework 1', 'cancel'] },
  {
    category: 'questions',
    say: 'who still owes me homework 1',
    says: ['Priya Patel'],
    never: ['Alex Rivera'],
  },
  { category: 'questions', say: 'how many kids are taking data structures?', says: ['2 students'] },
  {
    category: 'questions',
    say: 'what was the highest score on lab 1',
    says: ['45'],
  },
  {
    category: 'questions',
    say: "what's coming up next week in CS500?",
    says: ['Reading Reflections Journal'],
    never: ['Heaps'],
  },
  {
    category: 'questions',
    say: 'is anything due tomorrow?',
    says: ['Reading Quiz'],
  },
  {
    category: 'questions',
    say: 'what does the lab 1 rubric look like',
    says: ['Tests (20 points)'],
  },
  { category: 'questions', say: "what's left to grade in data structures", says: ['Alex Rivera'] },
  {
    category: 'near names',
    say: 'publish the Graph Quiz',
    asks: true,
  },
  { category: 'near names', say: 'make Hash Tables Implementaion worth 90 points', asks: true },
  { category: 'near names', say: 'close Term Projct Proposal', asks: true },
  { category: 'same title twice', say: 'how many people submitted reading quiz', asks: true },
  { category: 'other teacher', say: 'make pendulum lab visible to students' },
  {
    category: 'other teacher',
    say: 'what is the average on the Pendulum Lab?',
    never: ['Physics'],
  },
  {
    category: 'limits',
    say: 'send a reminder to everyone who has not submitted homework 1',
    says: ["can't"],
  },
  { category: 'limits', say: 'auto-grade the lab 1 submissions', says: ["can't"] },
  { category: 'limits', say: 'remove the DSA course', says: ["can't"] },
];
