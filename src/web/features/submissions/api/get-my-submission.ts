import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Submission } from '@domain/schemas/submissions';
import { api } from '@web/lib/api-client';
import { isNotFound } from '@web/lib/api-error';
import { queryKeys } from '@web/lib/query-keys';

/** The caller's own submission for an assignment, or null when they have not submitted yet. */
export async function getMySubmission(
  assignmentId: string,
  signal?: AbortSignal,
): Promise<Submission | null> {
  try {
    return await api.get<Submission>(`/api/assignments/${assignmentId}/submissions/me`, {
      signal,
    });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export const mySubmissionQueryOptions = (assignmentId: string) =>
  queryOptions({
    queryKey: queryKeys.student.assignments.mySubmission(assignmentId),
    queryFn: ({ signal }) => getMySubmission(assignmentId, signal),
  });

export const useMySubmission = (assignmentId: string) =>
  useQuery(mySubmissionQueryOptions(assignmentId));
