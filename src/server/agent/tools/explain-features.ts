import { z } from 'zod';
import { defineTool, reply } from '../agent-tool';

export const FEATURES_MARKDOWN = `**Mylo Classroom** helps you run courses and assignments:

- **Courses**: create and edit courses; students enrol themselves and see only published work.
- **Assignments**: title, Markdown description, points (1–1000), due date and a status: *draft* (hidden), *published* (students submit) or *closed* (no new submissions).
- **Submissions**: students hand in PDFs; you read them in the built-in viewer, see late work and grade with feedback.
- **Rubrics and auto-grading**: write a rubric and ask Mylo for a suggested grade with a per-criterion breakdown; nothing is saved until you submit the grade, and you choose whether the student sees the detailed analysis.
- **Voice assistant**: students of the voice-enabled course can ask questions about it.

**What I (Mylo) can do here in the chat** (say it your way: "hey can you…", typos and any word order are fine):

- List your courses, or show a course with its assignments and how many students are enrolled
- Create a course, or rename it and change its description
- Create an assignment with its title, course, points, due date, description and rubric ("make a new homework for CS500 called Recursion Practice, 20 pts, due Dec 4 at noon")
- Publish, hide or close an assignment ("make Lab 1 visible to students", "close submissions for Lab 1"); change its points, due date ("extend Homework 1 by 3 days"), title, description or rubric, several at once ("set Lab 1 to 60 points and publish it")
- Delete an assignment (after you reply "yes")
- Answer questions about your class with exact numbers: who handed in or not, who is graded or still waiting, the average, median and spread of grades, what is due this week or next, late work, an assignment's rubric or due date

I only act on a course or assignment your words name exactly; if a name only looks like one of yours, I ask "Did you mean …?" first. I can't send emails or messages, grade submissions, enrol students or delete a course.`;

export const explainFeaturesTool = defineTool({
  name: 'explain_features',
  description: 'Explain what the platform and Mylo can do.',
  inputSchema: z.object({}),
  execute: async () => reply('explain_features', FEATURES_MARKDOWN),
});
