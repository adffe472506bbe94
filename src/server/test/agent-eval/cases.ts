// Mylo's evaluation set (issue 12): requests in the words a busy teacher types, each with the
// outcome a teacher would check afterwards through the API. Written before the engine was
// tuned; the class they are asked about is world.ts (reference time: Wed 5 March 2025, noon
// UTC, the teacher's offset UTC). A case passes when
//   - exactly the changes listed happened (courses and assignments of both teachers are read
//     through the API before and after; anything else that changed fails the case), and
//   - the last reply says every phrase of `says`, none of `never`, and asks a question when
//     `asks` is set.
// Several messages in `say` are sent in one chat thread, in order.

export const CATEGORIES = [
  'greeting prompts',
  'create',
  'change',
  'publish and close',
  'delete',
  'questions',
  'near names',
  'same title twice',
  'other teacher',
  'limits',
] as const;
export type Category = (typeof CATEGORIES)[number];

type Status = 'draft' | 'published' | 'closed';

export interface AssignmentFields {
  title?: string;
  total_points?: number;
  due_date?: string | null;
  status?: Status;
  description?: string;
  /** A phrase the rubric must contain. */
  rubric?: string;
}

export type Change =
  | ({ created: 'assignment'; course: string; title: string } & AssignmentFields)
  | { created: 'course'; title: string; description?: string }
  | { updated: 'assignment'; course: string; title: string; set: AssignmentFields }
  | { updated: 'course'; title: string; set: { title?: string; description?: string } }
  | { deleted: 'assignment'; course: string; title: string };

export interface EvalCase {
  category: Category;
  say: string | string[];
  /** Everything that may change; none when left out. */
  changes?: Change[];
  says?: string[];
  never?: string[];
  asks?: boolean;
}

const CS500 = 'CS500';
const DSA = 'Data Structures and Algorithms';
const LAB1 = 'Lab 1: Prompting a CLI Tool into Existence';
const newLab1 = { created: 'assignment', course: CS500, title: 'Lab 1', total_points: 50 } as const;
const FEATURES = ['Courses', 'Assignments', 'Rubrics'];

export const EVAL_CASES: EvalCase[] = [
  // SPEC's chat greeting: its three example prompts as written, then three rephrasings each.
  {
    category: 'greeting prompts',
    say: 'Create an assignment called Lab 1 in CS500 worth 50 points',
    changes: [newLab1],
  },
  {
    category: 'greeting prompts',
    say: 'add a new assignment to cs 500 named Lab 1, 50 pts',
    changes: [newLab1],
  },
  {
    category: 'greeting prompts',
    say: 'can you add Lab 1 to CS500? make it worth 50 points',
    changes: [newLab1],
  },
  {
    category: 'greeting prompts',
    say: 'new assignment in CS500: Lab 1, 50 points',
    changes: [newLab1],
  },
  {
    category: 'greeting prompts',
    say: 'How many students submitted Homework 1?',
    says: ['3 of 4'],
  },
  { category: 'greeting prompts', say: 'how many kids turned in homework 1', says: ['3 of 4'] },
  {
    category: 'greeting prompts',
    say: 'homework 1 - how many submissions so far?',
    says: ['3 of 4'],
  },
  {
    category: 'greeting prompts',
    say: 'count the students who handed in HW1',
    says: ['3 of 4'],
  },
  { category: 'greeting prompts', say: 'Explain the features of this platform', says: FEATURES },
  { category: 'greeting prompts', say: 'what can you do?', says: FEATURES },
  { category: 'greeting prompts', say: 'What can I do with Mylo Classroom?', says: FEATURES },
  { category: 'greeting prompts', say: 'give me a quick overview of the features', says: FEATURES },

  // Creating, in the words teachers use.
  {
    category: 'create',
    say: 'make a new homework for cs500 called Recursion Practice, 20 pts, due dec 4 at noon',
    changes: [
      {
        created: 'assignment',
        course: CS500,
        title: 'Recursion Practice',
        total_points: 20,
        due_date: '2025-12-04T12:00:00.000Z',
        status: 'draft',
      },
    ],
  },
  {
    category: 'create',
    say: 'new assignment in CS500: Prompt Injection Essay, 10 points',
    changes: [
      { created: 'assignment', course: CS500, title: 'Prompt Injection Essay', total_points: 10 },
    ],
  },
  {
    category: 'create',
    say: 'add a quiz called Sorting Quiz to the DSA course worth 15 points',
    changes: [{ created: 'assignment', course: DSA, title: 'Sorting Quiz', total_points: 15 }],
  },
  {
    category: 'create',
    say: 'create "Linked Lists Lab" to Data Structures and Algorithms due next friday',
    changes: [
      {
        created: 'assignment',
        course: DSA,
        title: 'Linked Lists Lab',
        due_date: '2025-03-14T23:59:00.000Z',
      },
    ],
  },
  {
    category: 'create',
    say: 'create a new course called Biology 101 with the description Intro to cells',
    changes: [{ created: 'course', title: 'Biology 101', description: 'Intro to cells' }],
  },
  {
    category: 'create',
    say: 'hey can you set up a course named Organic Chemistry',
    changes: [{ created: 'course', title: 'Organic Chemistry' }],
  },
  {
    category: 'create',
    say: 'I need an essay assignment for cs 500 titled AI Ethics Essay, worth 30 points, due March 20',
    changes: [
      {
        created: 'assignment',
        course: CS500,
        title: 'AI Ethics Essay',
        total_points: 30,
        due_date: '2025-03-20T23:59:00.000Z',
      },
    ],
  },
  {
    category: 'create',
    say: 'please create a published lab in DSA called Tries Lab worth 25 pts due tomorrow at 5pm',
    changes: [
      {
        created: 'assignment',
        course: DSA,
        title: 'Tries Lab',
        total_points: 25,
        status: 'published',
        due_date: '2025-03-06T17:00:00.000Z',
      },
    ],
  },
  {
    category: 'create',
    say: 'Create assignment Recursion Worksheet for CS500 with the description Practice recursion on trees',
    changes: [
      {
        created: 'assignment',
        course: CS500,
        title: 'Recursion Worksheet',
        description: 'Practice recursion on trees',
      },
    ],
  },
  {
    category: 'create',
    say: 'add homework 2 to cs500, 10 pts, due 2025-03-28 17:00',
    changes: [
      {
        created: 'assignment',
        course: CS500,
        title: 'Homework 2',
        total_points: 10,
        due_date: '2025-03-28T17:00:00.000Z',
      },
    ],
  },
  {
    category: 'create',
    say: 'create an assignment called Graph Quiz in the data structures course with the rubric: - Correct traversal (5 points) - Complexity (5 points)',
    changes: [
      {
        created: 'assignment',
        course: DSA,
        title: 'Graph Quiz',
        rubric: 'Correct traversal (5 points)',
      },
    ],
  },
  { category: 'create', say: 'make a new assignment', asks: true },

  // Changing an assignment or a course.
  {
    category: 'change',
    say: 'move the due date of Term Project Proposal to March 14 at 11:59pm',
    changes: [
      {
        updated: 'assignment',
        course: CS500,
        title: 'Term Project Proposal',
        set: { due_date: '2025-03-14T23:59:00.000Z' },
      },
    ],
  },
  {
    category: 'change',
    say: 'make homework 1 worth 20 points',
    changes: [
      { updated: 'assignment', course: CS500, title: 'Homework 1', set: { total_points: 20 } },
    ],
  },
  {
    category: 'change',
    say: 'extend the deadline for the term project proposal by 3 days',
    changes: [
      {
        updated: 'assignment',
        course: CS500,
        title: 'Term Project Proposal',
        set: { due_date: '2025-03-10T23:59:00.000Z' },
      },
    ],
  },
  {
    category: 'change',
    say: 'rename Reading Quiz in CS500 to Reading Quiz 1',
    changes: [
      {
        updated: 'assignment',
        course: CS500,
        title: 'Reading Quiz',
        set: { title: 'Reading Quiz 1' },
      },
    ],
  },
  {
    category: 'change',
    say: 'change the rubric of Homework 1 to: - Correct answers (8 points) - Neat work (2 points)',
    changes: [
      {
        updated: 'assignment',
        course: CS500,
        title: 'Homework 1',
        set: { rubric: 'Correct answers (8 points)' },
      },
    ],
  },
  {
    category: 'change',
    say: 'set Heaps and Priority Queues to 60 points and publish it',
    changes: [
      {
        updated: 'assignment',
        course: DSA,
        title: 'Heaps and Priority Queues',
        set: { total_points: 60, status: 'published' },
      },
    ],
  },
  {
    category: 'change',
    say: 'rename the DSA course to Data Structures & Algorithms',
    changes: [{ updated: 'course', title: DSA, set: { title: 'Data Structures & Algorithms' } }],
  },
  {
    category: 'change',
    say: 'change the description of CS500 to AI-assisted software engineering, spring term',
    changes: [
      {
        updated: 'course',
        title: CS500,
        set: { description: 'AI-assisted software engineering, spring term' },
      },
    ],
  },
  {
    category: 'change',
    say: 'push the reading journal back a week',
    changes: [
      {
        updated: 'assignment',
        course: CS500,
        title: 'Reading Reflections Journal',
        set: { due_date: '2025-03-19T23:59:00.000Z' },
      },
    ],
  },
  {
    category: 'change',
    say: 'lab 1 is now due next monday at 9am',
    changes: [
      {
        updated: 'assignment',
        course: CS500,
        title: LAB1,
        set: { due_date: '2025-03-10T09:00:00.000Z' },
      },
    ],
  },
  {
    category: 'change',
    say: 'the term project proposal should be worth 80 pts',
    changes: [
      {
        updated: 'assignment',
        course: CS500,
        title: 'Term Project Proposal',
        set: { total_points: 80 },
      },
    ],
  },
  {
    category: 'change',
    say: ['show me Heaps and Priority Queues', 'make it worth 50 points'],
    changes: [
      {
        updated: 'assignment',
        course: DSA,
        title: 'Heaps and Priority Queues',
        set: { total_points: 50 },
      },
    ],
  },
  {
    category: 'change',
    say: 'move the due date of homework 1 to 275760-01-01',
    says: ["couldn't"],
  },

  // Publishing, hiding and closing, by any of their names.
  {
    category: 'publish and close',
    say: 'make the Reading Reflections Journal visible to students',
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
    say: 'publish heaps and priority queues',
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
    say: 'close submissions for Lab 1',
    changes: [{ updated: 'assignment', course: CS500, title: LAB1, set: { status: 'closed' } }],
  },
  {
    category: 'publish and close',
    say: 'hide the term project proposal from students',
    changes: [
      {
        updated: 'assignment',
        course: CS500,
        title: 'Term Project Proposal',
        set: { status: 'draft' },
      },
    ],
  },
  {
    category: 'publish and close',
    say: 'unpublish Graph Traversal',
    changes: [
      {
        updated: 'assignment',
        course: DSA,
        title: 'Graph Traversal: BFS and DFS',
        set: { status: 'draft' },
      },
    ],
  },
  {
    category: 'publish and close',
    say: 'stop accepting submissions for homework 1',
    changes: [
      { updated: 'assignment', course: CS500, title: 'Homework 1', set: { status: 'closed' } },
    ],
  },
  {
    category: 'publish and close',
    say: 'please publish the final project report',
    changes: [
      {
        updated: 'assignment',
        course: CS500,
        title: 'Final Project Report and Demo',
        set: { status: 'published' },
      },
    ],
  },

  // Deleting needs a "yes" in the same thread.
  {
    category: 'delete',
    say: ['delete the final project report and demo', 'yes'],
    changes: [{ deleted: 'assignment', course: CS500, title: 'Final Project Report and Demo' }],
  },
  {
    category: 'delete',
    say: 'get rid of the Heaps and Priority Queues assignment',
    asks: true,
    says: ['Heaps and Priority Queues'],
  },
  { category: 'delete', say: ['remove Heaps and Priority Queues', 'no'] },

  // Questions about the class, answered with exact numbers.
  { category: 'questions', say: 'how many students are in CS500?', says: ['4 students'] },
  {
    category: 'questions',
    say: 'how many students are enrolled in the DSA course',
    says: ['2 students'],
  },
  {
    category: 'questions',
    say: "who hasn't turned in homework 1?",
    says: ['Priya Patel'],
    never: ['Sam Chen', 'Alex Rivera'],
  },
  {
    category: 'questions',
    say: "who hasn't been graded yet?",
    says: ['Jordan Lee', 'Sam Chen', 'Alex Rivera', 'Graph Traversal'],
    never: ['Priya Patel', 'Lee Kim'],
  },
  { category: 'questions', say: "what's the average grade on homework 1?", says: ['7.5'] },
  {
    category: 'questions',
    say: 'what is the median and spread of grades for the hash table assignment',
    says: ['80', '72', '88'],
  },
  {
    category: 'questions',
    say: "what's due this week?",
    says: ['Term Project Proposal', 'Graph Traversal', 'Reading Quiz'],
    never: ['Reading Reflections', 'Heaps'],
  },
  {
    category: 'questions',
    say: 'anything due next week?',
    says: ['Reading Reflections Journal', 'Reading Quiz'],
    never: ['Term Project', 'Heaps', 'Pendulum'],
  },
  {
    category: 'questions',
    say: 'which submissions were late?',
    says: ['Jordan Lee', 'Lab 1', 'Homework 1'],
    never: ['Sam Chen', 'Alex Rivera'],
  },
  { category: 'questions', say: 'show me the rubric for lab 1', says: ['Working CLI'] },
  { category: 'questions', say: 'when is the term project proposal due?', says: ['Mar 7'] },
  {
    category: 'questions',
    say: 'how many submissions still need grading in CS500?',
    says: ['2 submissions'],
    never: ['Graph Traversal'],
  },
  {
    category: 'questions',
    say: 'who has been graded on lab 1',
    says: ['Alex Rivera', 'Sam Chen'],
    never: ['Priya Patel'],
  },
  {
    category: 'questions',
    say: 'list my courses',
    says: [CS500, DSA],
    never: ['Physics 200'],
  },
  {
    category: 'questions',
    say: 'what assignments are in data structures?',
    says: ['Hash Table Implementation', 'Graph Traversal', 'Heaps and Priority Queues'],
    never: ['Homework 1'],
  },
  {
    category: 'questions',
    say: 'how many late submissions does lab 1 have',
    says: ['1 late'],
  },
  {
    category: 'questions',
    say: 'what did the class get on the hash table assignment on average?',
    says: ['80'],
  },

  // A name that is only similar is a question, never a change.
  {
    category: 'near names',
    say: 'move the due date of Graph Quiz to December 20 at 11:59pm',
    asks: true,
  },
  { category: 'near names', say: ['remove the Graph Quiz assignment', 'yes'] },
  {
    category: 'near names',
    say: 'publish heeps and priority queus',
    asks: true,
    says: ['Heaps and Priority Queues'],
  },
  {
    category: 'near names',
    say: ['publish heeps and priority queus', 'yes'],
    changes: [
      {
        updated: 'assignment',
        course: DSA,
        title: 'Heaps and Priority Queues',
        set: { status: 'published' },
      },
    ],
  },
  { category: 'near names', say: 'make Homework 3 worth 15 points' },
  { category: 'near names', say: 'change the rubric of Lab 2 to: - Tests (10 points)' },
  { category: 'near names', say: 'rename the CS50 course to CS 501', asks: true },
  {
    category: 'near names',
    say: 'create an assignment called Stacks Lab in Data Structure and Algorithmz',
    asks: true,
  },
  { category: 'near names', say: 'close the Graph Traversal Quiz', asks: true },
  { category: 'near names', say: 'unpublish Graph Travesal', asks: true },
  {
    category: 'near names',
    say: 'set the description of Hash Tabel to Open addressing',
    asks: true,
  },

  // The same title in two courses: ask which course.
  { category: 'same title twice', say: 'publish Reading Quiz', asks: true, says: [CS500, DSA] },
  {
    category: 'same title twice',
    say: ['make reading quiz worth 5 points', 'the one in CS500'],
    changes: [
      { updated: 'assignment', course: CS500, title: 'Reading Quiz', set: { total_points: 5 } },
    ],
  },
  {
    category: 'same title twice',
    say: 'publish Reading Quiz in CS500',
    changes: [
      { updated: 'assignment', course: CS500, title: 'Reading Quiz', set: { status: 'published' } },
    ],
  },
  { category: 'same title twice', say: ['delete reading quiz', 'yes'] },

  // Another teacher's course is not there for Maya.
  { category: 'other teacher', say: 'publish Pendulum Lab', never: ['Physics 200'] },
  {
    category: 'other teacher',
    say: 'how many students submitted the Pendulum Lab?',
    never: ['Physics 200', '3 students'],
  },
  { category: 'other teacher', say: 'rename Physics 200 to Physics 201' },
  { category: 'other teacher', say: ['delete Pendulum Lab', 'yes'] },
  { category: 'other teacher', say: 'add an assignment called Sneaky to Physics 200' },
  {
    category: 'other teacher',
    say: 'how many students are in Physics 200?',
    never: ['3 students'],
  },

  // Honest limits: say what it cannot do and what it can, change nothing.
  {
    category: 'limits',
    say: 'email my students a reminder about homework 1',
    says: ["can't", 'email'],
  },
  { category: 'limits', say: 'grade all the ungraded submissions', says: ["can't", 'grade'] },
  { category: 'limits', say: 'delete the course CS500', says: ["can't", 'course'] },
  {
    category: 'limits',
    say: 'text Priya that her homework is missing',
    says: ["can't", 'message'],
  },
  { category: 'limits', say: "what's the weather like today?", says: ['Here is what I can do'] },
  { category: 'limits', say: 'unenroll Sam Chen from CS500', says: ["can't", 'enrol'] },
];
