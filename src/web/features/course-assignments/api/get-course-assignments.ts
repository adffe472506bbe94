import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Assignment } from '@domain/schemas/assignments';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/**
 * A course's assignments, as the server decides per caller: every status for its teacher,
 * the published ones for an enrolled student (403 for anyone else). Both sides' course pages
 * use this one call; the key follows the side, so each side's invalidations reach it.
 */
export async function getCourseAssignments(
  courseId: string,
  signal?: AbortSignal,
): Promise<Assignment[]> {
  const { items } = await api.get<{ items: Assignment[] }>(`/api/courses/${courseId}/assignments`, {
    signal,
  });
  return items;
}

export const courseAssignmentsQueryOptions = (courseId: string, side: 'teacher' | 'student') =>
  queryOptions({
    queryKey:
      side === 'teacher'
        ? queryKeys.teacher.assignments.ofCourse(courseId)
        : queryKeys.student.courses.assignments(courseId),
    queryFn: ({ signal }) => getCourseAssignments(courseId, signal),
  });

export const useCourseAssignments = (courseId: string, side: 'teacher' | 'student') =>
  useQuery(courseAssignmentsQueryOptions(courseId, side));
