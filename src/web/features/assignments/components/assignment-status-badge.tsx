import { Badge, type BadgeTone } from '@web/components/ui/badge';

/** SPEC §4: draft yellow, published green, closed red, anything else grey. */
const tones: Partial<Record<string, BadgeTone>> = {
  draft: 'yellow',
  published: 'green',
  closed: 'red',
};

export function AssignmentStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={tones[status] ?? 'gray'} className="capitalize">
      {status}
    </Badge>
  );
}
