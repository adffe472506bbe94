import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '@web/lib/toast';
import { Card } from '@web/components/ui/card';
import { PageHeader } from '@web/components/ui/page-header';
import { BackLink } from '@web/components/ui/back-link';
import { PageSpinner } from '@web/components/ui/spinner';
import { useCourse } from '@web/features/courses/api/get-course';
import { useUpdateCourse } from '@web/features/courses/api/update-course';
import { CourseForm } from '@web/features/courses/components/course-form';
import { DeleteCourseButton } from '@web/features/courses/components/delete-course-button';
import { paths } from '@web/lib/paths';

export function TeacherCourseEditPage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const update = useUpdateCourse(courseId);
  const navigate = useNavigate();

  // SPEC §8: a course that cannot be loaded sends the teacher back to the course list.
  useEffect(() => {
    if (!course.isError) return;
    toast.error('Failed to load course data. Please try again.', { id: 'course-load' });
    navigate(paths.teacher.courses(), { replace: true });
  }, [course.isError, navigate]);

  if (!course.data) return <PageSpinner />;

  return (
    <div className="mx-auto max-w-3xl">
      <BackLink to={paths.teacher.course(courseId)}>Back to Course</BackLink>
      <PageHeader title="Edit Course" description={course.data.title} />
      <Card className="p-6">
        <CourseForm
          key={course.data.id}
          initialValues={{
            title: course.data.title,
            description: course.data.description ?? '',
          }}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          pending={update.isPending}
          cancelTo={paths.teacher.course(courseId)}
          serverError={update.error}
          onSubmit={(input) =>
            update.mutate(input, {
              onSuccess: () => {
                toast.success('Course updated successfully!');
                navigate(paths.teacher.course(courseId));
              },
              onError: () => toast.error('Failed to update course. Please try again.'),
            })
          }
        />
      </Card>

      <Card className="mt-8 border-red-200 p-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h2 className="text-base font-semibold text-gray-900">Delete this course</h2>
            <p className="mt-1 max-w-md text-sm text-gray-500">
              Removes the course with its assignments, submissions, enrolments and uploaded files.
            </p>
          </div>
          <DeleteCourseButton courseId={courseId} title={course.data.title} />
        </div>
      </Card>
    </div>
  );
}
