import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard, TeacherDashboard } from '@domain/schemas/dashboard';
import { api } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { queryKeys } from '@web/lib/query-keys';

/** Everything the teacher dashboard shows, in one request. */
export async function getTeacherDashboard(signal?: AbortSignal): Promise<TeacherDashboard> {
  const dashboard = await api.get<Dashboard>('/api/dashboard', { signal });
  // The endpoint answers per role; a student's answer here means the session changed under us.
  if (dashboard.role !== 'teacher') {
    throw new ApiError(403, 'FORBIDDEN', 'This dashboard is for teachers.');
  }
  return dashboard;
}

export const teacherDashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.teacher.dashboard(),
    queryFn: ({ signal }) => getTeacherDashboard(signal),
  });

export const useTeacherDashboard = () => useQuery(teacherDashboardQueryOptions());
