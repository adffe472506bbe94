import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '@domain/schemas/courses';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export function getCourse(courseId: string, signal?: AbortSignal): Promise<Course> {
  return api.get<Course>(`/api/courses/${courseId}`, { signal });
}

export const courseQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.teacher.courses.detail(courseId),
    queryFn: ({ signal }) => getCourse(courseId, signal),
  });

export const useCourse = (courseId: string) => useQuery(courseQueryOptions(courseId));
