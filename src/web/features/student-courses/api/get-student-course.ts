import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '@domain/schemas/courses';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** One course with its teacher; answers 404 for a course that does not exist. */
export function getStudentCourse(courseId: string, signal?: AbortSignal): Promise<Course> {
  return api.get<Course>(`/api/courses/${courseId}`, { signal });
}

export const studentCourseQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.student.courses.detail(courseId),
    queryFn: ({ signal }) => getStudentCourse(courseId, signal),
  });

export const useStudentCourse = (courseId: string) => useQuery(studentCourseQueryOptions(courseId));
