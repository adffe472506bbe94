// A third set, written after all tuning and not tuned on afterwards: its success rate is the
// honest estimate of how the offline engine does on words it has not seen. Failures here are
// reported by `npm run eval:agent`, not fixed to make the figure look better; `npm test`
// requires only that none of these requests changes something the teacher did not name.
import type { EvalCase } from './cases';

const CS500 = 'CS500';
const DSA = 'Data Structures and Algorithms';

export const UNSEEN_CASES: EvalCase[] = [
  {
    category: 'greeting prompts',
    say: 'Make an assignment named Lab 1 in the CS500 course, 50 points',
    changes: [{ created: 'assignment', course: CS500, title: 'Lab 1', total_points: 50 }],
  },
  {
    category: 'greeting prompts',
    say: 'did everyone submit homework 1?',
    says: ['3 of 4'],
  },
  { category: 'greeting prompts', say: 'how does this work?', says: ['Courses'] },
  {
    category: 'create',
    say: 'Set up an assignment: "Dynamic Programming Drills" in DSA, due next thursday 11pm, 30 points',
    changes: [
      {
        created: 'assignment',
        course: DSA,
        title: 'Dynamic Programming Drills',
        total_points: 30,
        due_date: '2025-03-13T23:00:00.000Z',
      },
    ],
  },
  {
    category: 'create',
    say: 'I want a new lab in cs500 called Evaluating LLM Outputs',
    changes: [{ created: 'assignment', course: CS500, title: 'Evaluating LLM Outputs' }],
  },
  {
    category: 'create',
    say: 'create course Art History 210',
    changes: [{ created: 'course', title: 'Art History 210' }],
  },
  {
    category: 'change',
    say: 'bump homework 1 up to 12 points',
    changes: [
      { updated: 'assignment', course: CS500, title: 'Homework 1', set: { total_points: 12 } },
    ],
  },
  {
    category: 'change',
    say: 'the reading reflections journal is now due april 1',
    changes: [
      {
        updated: 'assignment',
        course: CS500,
        title: 'Reading Reflections Journal',
        set: { due_date: '2025-04-01T23:59:00.000Z' },
      },
    ],
  },
  {
    category: 'change',
    say: 'postpone heaps and priority queues by a week',
    changes: [
      {
        updated: 'assignment',
        course: DSA,
        title: 'Heaps and Priority Queues',
        set: { due_date: '2025-03-28T23:59:00.000Z' },
      },
    ],
  },
  {
    category: 'publish and close',
    say: 'students should be able to see the heaps assignment now',
    changes: [
      {
        updated: 'assignment',
        course: DSA,
        title: 'Heaps and Priority Queues',
        set: { status: 'published' },
      },
    ],
  },
  {
    category: 'publish and close',
    say: 'close the hash table implementation',
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
    category: 'delete',
    say: ['can you remove the reading reflections journal?', 'yep'],
    changes: [{ deleted: 'assignment', course: CS500, title: 'Reading Reflections Journal' }],
  },
  {
    category: 'questions',
    say: 'grade breakdown for the hash table implementation?',
    says: ['80'],
  },
  { category: 'questions', say: 'which students are in DSA', says: ['Alex Rivera', 'Lee Kim'] },
  {
    category: 'questions',
    say: 'has Priya handed in lab 1?',
    says: ['Priya Patel'],
  },
  {
    category: 'questions',
    say: 'what do I need to grade?',
    says: ['Jordan Lee', 'Sam Chen', 'Alex Rivera'],
  },
  {
    category: 'questions',
    say: 'how many points is the term project proposal worth',
    says: ['100'],
  },
  { category: 'near names', say: 'publish the heap quiz', asks: true },
  { category: 'near names', say: 'extend homwork 1 by two days', asks: true },
  { category: 'same title twice', say: 'close reading quiz', asks: true },
  { category: 'other teacher', say: 'delete the pendulum lab from physics 200' },
  {
    category: 'limits',
    say: 'please message the class that lab 1 is closed',
    says: ["can't"],
  },
  { category: 'limits', say: 'enroll Lee Kim in CS500', says: ["can't"] },
];
