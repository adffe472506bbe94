import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Gradebook } from '@domain/schemas/gradebook';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** The course's students × assignments (the course teacher). */
export function getGradebook(courseId: string, signal?: AbortSignal): Promise<Gradebook> {
  return api.get<Gradebook>(`/api/courses/${courseId}/gradebook`, { signal });
}

export const gradebookQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.teacher.courses.gradebook(courseId),
    queryFn: ({ signal }) => getGradebook(courseId, signal),
  });

export const useGradebook = (courseId: string) => useQuery(gradebookQueryOptions(courseId));
