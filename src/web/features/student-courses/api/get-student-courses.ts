import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '@domain/schemas/courses';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** enrolled: the student's courses; available: the ones they can still join. */
export type StudentCourseScope = 'enrolled' | 'available';

export async function getStudentCourses(
  scope: StudentCourseScope,
  signal?: AbortSignal,
): Promise<Course[]> {
  const { items } = await api.get<{ items: Course[] }>(`/api/courses?scope=${scope}`, { signal });
  return items;
}

export const studentCoursesQueryOptions = (scope: StudentCourseScope) =>
  queryOptions({
    queryKey: queryKeys.student.courses.list(scope),
    queryFn: ({ signal }) => getStudentCourses(scope, signal),
  });

export const useStudentCourses = (scope: StudentCourseScope) =>
  useQuery(studentCoursesQueryOptions(scope));
