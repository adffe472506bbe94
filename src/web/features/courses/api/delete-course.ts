import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '@domain/schemas/courses';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** Also deletes the course's assignments, submissions, enrolments and stored files. */
export function deleteCourse(courseId: string): Promise<void> {
  return api.delete(`/api/courses/${courseId}`);
}

export function useDeleteCourse(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCourse(courseId),
    onSuccess: async () => {
      // The list drops the course at once instead of showing it until the refetch lands.
      queryClient.setQueryData<Course[]>(queryKeys.teacher.courses.mine(), (courses) =>
        courses?.filter((course) => course.id !== courseId),
      );
      // Marked stale without a refetch: the screen still showing it is about to leave, and a
      // refetch now would only answer 404.
      for (const queryKey of [
        queryKeys.teacher.courses.detail(courseId),
        queryKeys.teacher.assignments.ofCourse(courseId),
      ]) {
        await queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.teacher.courses.mine() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.teacher.dashboard() }),
      ]);
    },
  });
}
