import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/lib/query-keys';

/**
 * An assignment change moves its course's counters (assignments, total points) and the
 * dashboard's, so all of them are refreshed, not only the assignment lists.
 */
export function invalidateAfterAssignmentChange(queryClient: QueryClient, courseId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.teacher.assignments.ofCourse(courseId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.teacher.courses.detail(courseId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.teacher.courses.mine() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.teacher.dashboard() }),
  ]);
}
