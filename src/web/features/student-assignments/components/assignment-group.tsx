import type { Assignment } from '@domain/schemas/assignments';
import { AssignmentCard, type AssignmentGroupKind } from './assignment-card';

/** 'Upcoming Assignments', 'No Due Date' or 'Past Assignments' on the course page; nothing when empty. */
export function AssignmentGroup({
  title,
  group,
  assignments,
}: {
  title: string;
  group: AssignmentGroupKind;
  assignments: Assignment[];
}) {
  if (assignments.length === 0) return null;
  const headingId = `${group}-assignments-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-3 text-sm font-semibold text-gray-700">
        {title}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {assignments.map((assignment) => (
          <AssignmentCard key={assignment.id} assignment={assignment} group={group} />
        ))}
      </div>
    </section>
  );
}
