import { z } from 'zod';
import { ASSIGNMENT_STATUSES, SUBMISSION_STATUSES } from '../roles';
import { isoDateTime } from './common';
import { courseSchema } from './courses';

export const teacherDashboardSchema = z.object({
  role: z.literal('teacher'),
  stats: z.object({
    total_courses: z.number().int(),
    total_assignments: z.number().int(),
    /** Submitted and not yet graded, across all the teacher's courses. */
    submissions_to_grade: z.number().int(),
    /** Regrade requests not yet answered, across all the teacher's courses (028). */
    open_regrade_requests: z.number().int(),
  }),
  /** Newest first, at most DASHBOARD_LIMITS.teacherRecentCourses. */
  recent_courses: z.array(courseSchema),
  /** Newest first, at most DASHBOARD_LIMITS.teacherRecentSubmissions. */
  recent_submissions: z.array(
    z.object({
      id: z.uuid(),
      course_id: z.uuid(),
      assignment_id: z.uuid(),
      assignment_title: z.string(),
      original_filename: z.string().nullable(),
      submitted_at: isoDateTime.nullable(),
      student_full_name: z.string().nullable(),
      grade: z.number().nullable(),
      status: z.enum(SUBMISSION_STATUSES),
    }),
  ),
});

export const studentDashboardSchema = z.object({
  role: z.literal('student'),
  stats: z.object({
    enrolled_courses: z.number().int(),
    /** Published assignments of enrolled courses due in the future. */
    upcoming_assignments: z.number().int(),
    total_submissions: z.number().int(),
  }),
  /** Soonest first, future due dates only, at most DASHBOARD_LIMITS.studentUpcomingAssignments. */
  upcoming_assignments: z.array(
    z.object({
      id: z.uuid(),
      course_id: z.uuid(),
      course_title: z.string(),
      title: z.string(),
      /** The student's own due date: their extension when they have one (029). */
      due_date: isoDateTime,
      /** Whether due_date is an extension granted to this student. */
      extended: z.boolean(),
      total_points: z.number().int(),
      status: z.enum(ASSIGNMENT_STATUSES),
      submitted: z.boolean(),
    }),
  ),
  /** Newest first, at most DASHBOARD_LIMITS.studentRecentSubmissions. */
  recent_submissions: z.array(
    z.object({
      id: z.uuid(),
      course_id: z.uuid(),
      course_title: z.string(),
      assignment_id: z.uuid(),
      assignment_title: z.string(),
      total_points: z.number().int(),
      submitted_at: isoDateTime.nullable(),
      status: z.enum(SUBMISSION_STATUSES),
      grade: z.number().nullable(),
      original_filename: z.string().nullable(),
    }),
  ),
});

export const dashboardSchema = z.discriminatedUnion('role', [
  teacherDashboardSchema,
  studentDashboardSchema,
]);
export type TeacherDashboard = z.input<typeof teacherDashboardSchema>;
export type StudentDashboard = z.input<typeof studentDashboardSchema>;
export type Dashboard = z.input<typeof dashboardSchema>;
