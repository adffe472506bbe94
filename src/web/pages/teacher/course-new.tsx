import { useNavigate } from 'react-router';
import { Card } from '@web/components/ui/card';
import { PageHeader } from '@web/components/ui/page-header';
import { useCreateCourse } from '@web/features/courses/api/create-course';
import { CourseForm } from '@web/features/courses/components/course-form';
import { ApiError } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';

/** SPEC §8: a create failure is shown inline, the server's reason when it gave one. */
function createFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.status < 500 && error.message
    ? error.message
    : 'Failed to create course';
}

export function TeacherCourseNewPage() {
  const creation = useCreateCourse();
  const navigate = useNavigate();

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Create New Course"
        description="Give the course a title; students see its description when they enrol."
      />
      <Card className="p-6">
        <CourseForm
          submitLabel="Create Course"
          pendingLabel="Creating..."
          pending={creation.isPending}
          cancelTo={paths.teacher.courses()}
          serverError={creation.error}
          formError={creation.isError ? createFailureMessage(creation.error) : null}
          onSubmit={(input) =>
            creation.mutate(input, {
              onSuccess: () => navigate(paths.teacher.courses()),
            })
          }
        />
      </Card>
    </div>
  );
}
