import { z } from 'zod';
import { defineTool, reply } from '../agent-tool';

export const FEATURES_MARKDOWN = `**Mylo Classroom** helps you run courses and assignments:

- **Courses**: create and edit courses; students enrol themselves and see only published work.
- **Assignments**: title, Markdown description, points (1–1000), due date and a status: *draft* (hidden), *published* (students submit) or *closed* (no new submissions).
- **Submissions**: students hand in PDFs; you read them in the built-in viewer, see late work and grade with feedback.
- **Rubrics and auto-grading**: write a rubric and ask Mylo for a suggested grade with a per-criterion breakdown; nothing is saved until you submit the grade, and you choose whether the student sees the detailed analysis.
- **Voice assistant**: students of the voice-enabled course can ask questions about it.

**What I (Mylo) can do here in the chat:**

- List your courses, or show a course with its assignments
- Create or rename a course
- Create an assignment ("create an assignment called Lab 1 in CS500 worth 50 points due next Friday at 5pm")
- Publish, unpublish or close an assignment; change its points, due date or rubric
- Delete an assignment (after you confirm)
- Count who submitted an assignment, and list the work that still needs grading`;

export const explainFeaturesTool = defineTool({
  name: 'explain_features',
  description: 'Explain what the platform and Mylo can do.',
  inputSchema: z.object({}),
  execute: async () => reply('explain_features', FEATURES_MARKDOWN),
});
