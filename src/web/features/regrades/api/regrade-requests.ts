// A submission's regrade request (docs/decisions/028): read by its student and its teacher,
// made by the student, answered by the teacher. The server decides who may do what.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RegradeAnswerInput,
  RegradeRequestInput,
  RegradeStatus,
} from '@domain/schemas/regrades';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

const url = (submissionId: string) => `/api/submissions/${submissionId}/regrade-request`;

export function getRegradeStatus(submissionId: string, signal?: AbortSignal) {
  return api.get<RegradeStatus>(url(submissionId), { signal });
}

/** The student's view: keyed under their submission of the assignment. */
export const useMyRegradeStatus = (assignmentId: string, submissionId: string) =>
  useQuery({
    queryKey: queryKeys.student.assignments.regrade(assignmentId, submissionId),
    queryFn: ({ signal }) => getRegradeStatus(submissionId, signal),
  });

export const useRegradeStatusForTeacher = (submissionId: string) =>
  useQuery({
    queryKey: queryKeys.teacher.submissions.regrade(submissionId),
    queryFn: ({ signal }) => getRegradeStatus(submissionId, signal),
  });

export function useRequestRegrade(assignmentId: string, submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegradeRequestInput) => api.post<RegradeStatus>(url(submissionId), input),
    onSuccess: (status) => {
      queryClient.setQueryData(
        queryKeys.student.assignments.regrade(assignmentId, submissionId),
        status,
      );
    },
  });
}

export function useAnswerRegrade(submissionId: string, assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegradeAnswerInput) =>
      api.post<RegradeStatus>(`${url(submissionId)}/answer`, input),
    onSuccess: async (status) => {
      queryClient.setQueryData(queryKeys.teacher.submissions.regrade(submissionId), status);
      // A changed grade shows on the review screen, the Submissions tab and the gradebook;
      // the dashboard counts open requests.
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.teacher.submissions.detail(submissionId),
          exact: true,
        }),
        queryClient.invalidateQueries({
          queryKey: queryKeys.teacher.assignments.detail(assignmentId),
        }),
        queryClient.invalidateQueries({ queryKey: queryKeys.teacher.courses.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.teacher.dashboard() }),
      ]);
    },
  });
}
