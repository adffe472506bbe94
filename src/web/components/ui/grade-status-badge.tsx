import { Badge } from './badge';

/** SPEC §4: a submission is graded once it has a grade; until then teacher lists say Pending. */
export function GradeStatusBadge({ grade }: { grade: number | null | undefined }) {
  const graded = grade !== null && grade !== undefined;
  return <Badge tone={graded ? 'green' : 'yellow'}>{graded ? 'Graded' : 'Pending'}</Badge>;
}
