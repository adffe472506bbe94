import { describe, expect, it } from 'vitest';
import { parseCommand } from './command-parser';

const parses = (message: string) => parseCommand(message);

describe('the offline command grammar', () => {
  it.each([
    ['Explain the features of this platform', 'explain_features', {}],
    ['What can you do?', 'explain_features', {}],
    ['list my courses', 'list_courses', {}],
    ['Show me my courses please', 'list_courses', {}],
    ['create a course called Biology 101', 'create_course', { title: 'Biology 101' }],
    ['Create a new assignment for my course', 'create_assignment', {}],
    [
      'create an assignment called Lab 1 in CS500 worth 50 points due next Friday at 5pm',
      'create_assignment',
      { title: 'Lab 1', course: 'CS500', total_points: 50, due_date: 'next Friday at 5pm' },
    ],
    [
      'Create assignment "Lab in Python" for the Data Structures course due tomorrow, worth 20 points',
      'create_assignment',
      { title: 'Lab in Python', course: 'Data Structures', total_points: 20, due_date: 'tomorrow' },
    ],
    [
      'create an assignment called Essay as published',
      'create_assignment',
      { title: 'Essay', status: 'published' },
    ],
    [
      'publish homework 1',
      'set_assignment_status',
      { assignment: 'homework 1', status: 'published' },
    ],
    [
      'Unpublish Lab 2 in CS500',
      'set_assignment_status',
      { assignment: 'Lab 2', course: 'CS500', status: 'draft' },
    ],
    [
      'close the Final Essay assignment',
      'set_assignment_status',
      { assignment: 'Final Essay', status: 'closed' },
    ],
    ['How many students submitted homework 1?', 'count_submissions', { assignment: 'homework 1' }],
    [
      'how many submissions for Lab 1 in CS500',
      'count_submissions',
      { assignment: 'Lab 1', course: 'CS500' },
    ],
    ['what assignments are in CS500', 'course_info', { course: 'CS500' }],
    ['Which submissions still need grading?', 'list_ungraded_submissions', {}],
    [
      'which submissions in CS500 still need grading',
      'list_ungraded_submissions',
      { course: 'CS500' },
    ],
    ['show ungraded work for Biology', 'list_ungraded_submissions', { course: 'Biology' }],
    [
      'change the rubric of Lab 1 to: - Correctness (10 points)',
      'update_rubric',
      { assignment: 'Lab 1', rubric_markdown: '- Correctness (10 points)' },
    ],
    [
      'change the due date of Lab 1 to May 3 at noon',
      'update_assignment',
      { assignment: 'Lab 1', due_date: 'May 3 at noon' },
    ],
    ['make Lab 1 worth 80 points', 'update_assignment', { assignment: 'Lab 1', total_points: 80 }],
    ['rename course Bio to Biology 101', 'update_course', { course: 'Bio', title: 'Biology 101' }],
    ['rename Lab 1 to Lab One', 'update_assignment', { assignment: 'Lab 1', title: 'Lab One' }],
    ['delete homework 1', 'delete_assignment', { assignment: 'homework 1' }],
    ['tell me about course CS500', 'course_info', { course: 'CS500' }],
    ['show assignment Lab 1', 'assignment_info', { assignment: 'Lab 1' }],
  ])('understands "%s"', (message, tool, input) => {
    expect(parses(message)).toMatchObject({ kind: 'tool', tool, input });
  });

  it('tries a course, then an assignment, for a bare "tell me about X"', () => {
    expect(parses('tell me about Lab 1')).toEqual({
      kind: 'tool',
      tool: 'course_info',
      input: { course: 'Lab 1' },
      fallback: { tool: 'assignment_info', input: { assignment: 'Lab 1' } },
    });
  });

  it('answers anything else with help', () => {
    expect(parses('what is the weather like')).toEqual({ kind: 'help' });
    expect(parses('delete the course CS500')).toEqual({ kind: 'help' });
  });
});
