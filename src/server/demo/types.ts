// Shapes of the demo content. Times are relative to the moment of seeding, so the demo
// always has work that is past due, due soon and due later.
import type { AssignmentStatus } from '@domain/roles';
import type { TextPdfInput } from './text-pdf';

import type { DemoAccountKey } from '../auth/demo-accounts';

export type { DemoAccount, DemoAccountKey } from '../auth/demo-accounts';
export type DemoCourseKey = 'cs500' | 'dsa';

/** `days` from the seeding day (negative = before), at a local wall-clock time. */
export interface RelativeTime {
  days: number;
  hour: number;
  minute: number;
}

export interface DemoCourse {
  key: DemoCourseKey;
  /** A fixed id where something outside the database refers to the course (the voice course). */
  id?: string;
  title: string;
  description: string;
  teacher: DemoAccountKey;
  createdAt: RelativeTime;
}

export interface DemoAssignment {
  key: string;
  course: DemoCourseKey;
  title: string;
  status: AssignmentStatus;
  totalPoints: number;
  /** null: no due date. */
  due: RelativeTime | null;
  createdAt: RelativeTime;
  description: string;
  rubric: string;
}

/** SPEC §3 "detailed result": what the grader suggests and the student may be shown. */
export interface DetailedFeedback {
  grade: number;
  percentage: number;
  confidence_level: number;
  feedback: {
    overall: string;
    strengths: string[];
    areas_for_improvement: string[];
    missing_elements: string[];
  };
  rubric_breakdown: {
    criteria: string;
    points_earned: number;
    max_points: number;
    justification: string;
    quality_assessment: string;
  }[];
  recommendations: string[];
}

export interface DemoGrading {
  grade: number;
  feedback: string;
  gradedAt: RelativeTime;
  showDetailedFeedback: boolean;
  detailed: DetailedFeedback | null;
}

export interface DemoSubmission {
  assignment: string;
  student: DemoAccountKey;
  originalFilename: string;
  submittedAt: RelativeTime;
  document: TextPdfInput;
  /** Absent: submitted and waiting for a grade. */
  grading?: DemoGrading;
}
