// Demo submissions: one graded with Mylo's detailed analysis shown to the student, one late
// and waiting for a grade, and one graded by hand with plain feedback only.
import { ALEX_HASH_TABLE_REPORT, ALEX_LAB1_REPORT, SAM_LAB1_REPORT } from './submission-documents';
import type { DemoSubmission, DetailedFeedback } from './types';

// Criteria and maximum points are those of the Lab 1 rubric; the points earned add up to the grade.
const alexLab1Analysis: DetailedFeedback = {
  grade: 87,
  percentage: 87,
  confidence_level: 0.82,
  feedback: {
    overall:
      'A thoughtful, well-organised report. The prompt log shows clearly how the specification, not the model, drove the quality of the final tool, which is exactly the lesson of this lab.',
    strengths: [
      'Writing tests before the final prompt and asking the model to satisfy them unchanged',
      'An honest defect log, including the subtle even-length median bug',
      'A clear, testable definition of a correct result',
    ],
    areas_for_improvement: [
      'Report results for all three provided files, not only grades.csv',
      'Discuss how the tool behaves on very large files',
      'Say when you would not trust generated code, not only when you would',
    ],
    missing_elements: [
      'Very large files are not considered among the edge cases',
      'Results for two of the three provided test files',
    ],
  },
  rubric_breakdown: [
    {
      criteria: 'Problem analysis',
      points_earned: 17,
      max_points: 20,
      justification:
        'Defines a correct result precisely and lists four well-chosen edge cases ("Quoted fields that contain commas"), but very large files are not considered.',
      quality_assessment: 'Good',
    },
    {
      criteria: 'Prompt design and iteration',
      points_earned: 28,
      max_points: 30,
      justification:
        'Three documented iterations, each with the reason for the change; the final prompt states constraints and embeds the tests ("Make these pytest tests pass without editing them").',
      quality_assessment: 'Excellent',
    },
    {
      criteria: 'Evaluation of model output',
      points_earned: 21,
      max_points: 25,
      justification:
        'Six additional tests and three recorded defects with fixes; results are reported for grades.csv only, although the rubric asks for all provided files.',
      quality_assessment: 'Good',
    },
    {
      criteria: 'Reflection on limitations',
      points_earned: 13,
      max_points: 15,
      justification:
        'Insightful observation that the model "filled those gaps confidently instead of asking"; the conclusions about trusting generated code could go further.',
      quality_assessment: 'Good',
    },
    {
      criteria: 'Writing and presentation',
      points_earned: 8,
      max_points: 10,
      justification:
        'Clear structure and readable code excerpts within the page limit; the prompt log would be easier to follow as a table.',
      quality_assessment: 'Good',
    },
  ],
  recommendations: [
    'Start the next lab with the test list and the "list your assumptions" prompt you describe in your reflection',
    'Present the prompt log as a table: prompt, change, reason, outcome',
    'Add a large generated CSV file to your tests to check speed and memory use',
  ],
};

export const DEMO_SUBMISSIONS: DemoSubmission[] = [
  {
    assignment: 'cs500-lab1',
    student: 'alex',
    originalFilename: 'alex-rivera-lab1-csvstat.pdf',
    submittedAt: { days: -10, hour: 20, minute: 14 },
    document: ALEX_LAB1_REPORT,
    grading: {
      grade: 87,
      feedback:
        'Great work, Alex. Your prompt log shows exactly the habit this lab is about: the tests you wrote before the last iteration did more for the code than any change of wording. To reach full marks, report all three provided files and think about very large inputs. The detailed breakdown is below.',
      gradedAt: { days: -6, hour: 15, minute: 30 },
      showDetailedFeedback: true,
      detailed: alexLab1Analysis,
    },
  },
  {
    // Submitted after the due date: the review screen shows it as late.
    assignment: 'cs500-lab1',
    student: 'sam',
    originalFilename: 'Lab 1 Report - Sam Patel.pdf',
    submittedAt: { days: -8, hour: 9, minute: 41 },
    document: SAM_LAB1_REPORT,
  },
  {
    assignment: 'dsa-hash-table',
    student: 'alex',
    originalFilename: 'hashmap_report.pdf',
    submittedAt: { days: -17, hour: 22, minute: 5 },
    document: ALEX_HASH_TABLE_REPORT,
    grading: {
      grade: 44,
      feedback:
        'Solid, correct implementation and a clear explanation of amortised resizing. Points lost: remove() is not tested after a resize, the worst-case discussion does not mention keys whose hash changes after insertion, and the code needs docstrings. Correctness 18/20, collisions 10/10, resizing 9/10, complexity 4/5, code quality 3/5.',
      gradedAt: { days: -13, hour: 11, minute: 0 },
      showDetailedFeedback: false,
      detailed: null,
    },
  },
];
