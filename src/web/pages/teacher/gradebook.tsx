import { useParams } from 'react-router';
import { Table } from 'lucide-react';
import { BackLink } from '@web/components/ui/back-link';
import { EmptyState } from '@web/components/ui/empty-state';
import { CourseMissingPanel } from '@web/components/ui/missing-panel';
import { PageSpinner } from '@web/components/ui/spinner';
import { useGradebook } from '@web/features/gradebook/api/get-gradebook';
import { DownloadCsvButton } from '@web/features/gradebook/components/download-csv-button';
import { GradebookTable } from '@web/features/gradebook/components/gradebook-table';
import { isNotFound } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';

/** /teacher/courses/:courseId/gradebook: the course's grades, and the CSV export. */
export function TeacherGradebookPage() {
  const { courseId = '' } = useParams();
  const gradebook = useGradebook(courseId);

  if (gradebook.isPending) return <PageSpinner />;
  if (gradebook.isError) {
    const notFound = isNotFound(gradebook.error);
    return (
      <CourseMissingPanel
        notFound={notFound}
        failedTitle="Failed to load the gradebook."
        onRetry={() => void gradebook.refetch()}
      />
    );
  }

  const data = gradebook.data;
  const empty = data.students.length === 0 || data.assignments.length === 0;
  return (
    <>
      <BackLink to={paths.teacher.course(courseId)}>Back to Course</BackLink>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-indigo-600">{data.course.title}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-gray-900">Gradebook</h1>
          <p className="mt-2 text-sm text-gray-600">
            Totals and percentages count graded work only. Open a cell to review the submission.
          </p>
        </div>
        <DownloadCsvButton scope={{ courseId }} />
      </div>
      {empty ? (
        <EmptyState
          icon={Table}
          title={
            data.students.length === 0 ? 'No students enrolled yet' : 'No assignments published yet'
          }
          description="The gradebook fills in as students enrol and hand in work."
        />
      ) : (
        <GradebookTable gradebook={data} />
      )}
    </>
  );
}
