import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course, CourseUpdate } from '@domain/schemas/courses';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export function updateCourse(courseId: string, input: CourseUpdate): Promise<Course> {
  return api.patch<Course>(`/api/courses/${courseId}`, input);
}

export function useUpdateCourse(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CourseUpdate) => updateCourse(courseId, input),
    onSuccess: async (course) => {
      queryClient.setQueryData(queryKeys.teacher.courses.detail(courseId), course);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.teacher.courses.all() }),
        // Assignments carry their course's title.
        queryClient.invalidateQueries({ queryKey: queryKeys.teacher.assignments.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.teacher.dashboard() }),
      ]);
    },
  });
}
