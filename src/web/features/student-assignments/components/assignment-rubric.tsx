import { Markdown } from '@web/components/markdown/markdown';
import { Card } from '@web/components/ui/card';

/** The 'Rubric' tab: the grading rubric as formatted text, or SPEC's placeholder. */
export function AssignmentRubric({ rubric }: { rubric: string | null }) {
  const text = rubric?.trim();
  return (
    <Card className="p-6">
      <h3 className="mb-4 text-xs font-semibold tracking-wide text-gray-500 uppercase">
        Grading Rubric
      </h3>
      {text ? (
        <Markdown>{text}</Markdown>
      ) : (
        <p className="text-sm text-gray-500 italic">
          No rubric has been provided for this assignment.
        </p>
      )}
    </Card>
  );
}
