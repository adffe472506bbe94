import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentDashboard } from '@domain/schemas/dashboard';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** Everything the student dashboard shows, in one request (counters and both lists). */
export function getStudentDashboard(signal?: AbortSignal): Promise<StudentDashboard> {
  return api.get<StudentDashboard>('/api/dashboard', { signal });
}

export const studentDashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.student.dashboard(),
    queryFn: ({ signal }) => getStudentDashboard(signal),
  });

export const useStudentDashboard = () => useQuery(studentDashboardQueryOptions());
