import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Assignment } from '@domain/schemas/assignments';
import { api } from '@web/lib/api-client';
import { studentKeys } from '@web/lib/student-query-keys';

/** The published assignments of a course the student is enrolled in (403 otherwise). */
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
    queryKey: studentKeys.courseAssignments(courseId),
    queryFn: ({ signal }) => getCourseAssignments(courseId, signal),
  });

export const useCourseAssignments = (courseId: string) =>
  useQuery(courseAssignmentsQueryOptions(courseId));
