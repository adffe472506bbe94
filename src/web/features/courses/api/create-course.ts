import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course, CourseInput } from '@domain/schemas/courses';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export function createCourse(input: CourseInput): Promise<Course> {
  return api.post<Course>('/api/courses', input);
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: async (course) => {
      queryClient.setQueryData(queryKeys.teacher.courses.detail(course.id), course);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.teacher.courses.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.teacher.dashboard() }),
      ]);
    },
  });
}
