import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { type CsvScope, useDownloadCsv } from '../api/download-csv';

/** 'Download CSV': the course's gradebook, or one assignment's grades. */
export function DownloadCsvButton({
  scope,
  label = 'Download CSV',
}: {
  scope: CsvScope;
  label?: string;
}) {
  const download = useDownloadCsv();
  return (
    <Button
      variant="secondary"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(scope, {
          onError: () => toast.error('Failed to download the CSV file. Please try again.'),
        })
      }
    >
      <Download aria-hidden="true" className="size-4" />
      {download.isPending ? 'Preparing…' : label}
    </Button>
  );
}
