import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Assignment } from '@domain/schemas/assignments';
import { api } from '@web/lib/api-client';
import { teacherKeys } from '@web/lib/teacher-query-keys';

/** Every assignment of a course (any status, for its teacher), newest first. */
export async function getCourseAssignments(
  courseId: string,
  signal?: AbortSignal,
): Promise<Assignment[]> {
  const { items } = await api.get<{ items: Assignment[] }>(`/api/courses/${courseId}/assignments`, {
    signal,
  });
  return items;
}

export const courseAssignmentsQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: teacherKeys.assignments.ofCourse(courseId),
    queryFn: ({ signal }) => getCourseAssignments(courseId, signal),
  });

export const useCourseAssignments = (courseId: string) =>
  useQuery(courseAssignmentsQueryOptions(courseId));
