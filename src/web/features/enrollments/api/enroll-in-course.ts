import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export function enrollInCourse(courseId: string): Promise<unknown> {
  return api.post(`/api/courses/${courseId}/enrollments`);
}

/**
 * SPEC §4: after enrolling, both course lists reload, so the course moves to 'Enrolled' with
 * its re-fetched student count. The mutation stays pending until they have, so the button
 * reads 'Enrolling...' until the card has actually moved.
 */
export function useEnrollInCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollInCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.student.all() }),
  });
}
