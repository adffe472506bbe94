import { Construction } from 'lucide-react';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';

/** A route whose screen is still to be built: its real heading, and no invented content. */
export function PagePending({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        icon={Construction}
        title="This screen is on its way"
        description="It will be available in an upcoming release."
      />
    </>
  );
}
