import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '@domain/schemas/courses';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** The signed-in teacher's own courses, newest first. */
export async function getMyCourses(signal?: AbortSignal): Promise<Course[]> {
  const { items } = await api.get<{ items: Course[] }>('/api/courses', { signal });
  return items;
}

export const myCoursesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.teacher.courses.mine(),
    queryFn: ({ signal }) => getMyCourses(signal),
  });

export const useMyCourses = () => useQuery(myCoursesQueryOptions());
