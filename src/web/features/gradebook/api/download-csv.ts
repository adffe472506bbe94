import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export type CsvScope = { courseId: string } | { assignmentId: string };

const csvPath = (scope: CsvScope) =>
  'courseId' in scope
    ? `/api/courses/${scope.courseId}/gradebook.csv`
    : `/api/assignments/${scope.assignmentId}/gradebook.csv`;

/** Fetches the CSV with the session's token and hands it to the browser as a download. */
export async function downloadCsv(scope: CsvScope): Promise<void> {
  const file = await api.download(csvPath(scope));
  const url = URL.createObjectURL(file.blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = file.filename ?? 'grades.csv';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export const useDownloadCsv = () => useMutation({ mutationFn: downloadCsv });
