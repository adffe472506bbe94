import type { QueryClient } from '@tanstack/react-query';
import { teacherKeys } from '@web/lib/teacher-query-keys';

/**
 * An assignment change moves its course's counters (assignments, total points) and the
 * dashboard's, so all of them are refreshed, not only the assignment lists.
 */
export function invalidateAfterAssignmentChange(queryClient: QueryClient, courseId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: teacherKeys.assignments.ofCourse(courseId) }),
    queryClient.invalidateQueries({ queryKey: teacherKeys.courses.detail(courseId) }),
    queryClient.invalidateQueries({ queryKey: teacherKeys.courses.mine() }),
    queryClient.invalidateQueries({ queryKey: teacherKeys.dashboard() }),
  ]);
}
