import { useState } from 'react';
import { toast } from '@web/lib/toast';
import { ClipboardList, Pencil } from 'lucide-react';
import type { Assignment } from '@domain/schemas/assignments';
import { Markdown } from '@web/components/markdown/markdown';
import { MarkdownEditor } from '@web/components/markdown/markdown-editor';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { focusSoon } from '@web/lib/focus';
import { useUpdateAssignment } from '../api/update-assignment';

/** The 'Rubric' tab (SPEC §4): view, then edit, then save or cancel back to the saved text. */
export function RubricPanel({ assignment }: { assignment: Assignment }) {
  const saved = assignment.rubric_markdown ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const update = useUpdateAssignment(assignment.course_id, assignment.id);
  const editing = draft !== null;

  // The editor and the view replace each other: focus follows into the editor, and back to
  // 'Edit Rubric' after a save or a cancel, instead of falling to the page.
  function startEditing(text: string) {
    setDraft(text);
    focusSoon(() => document.getElementById('rubric-editor'));
  }
  function stopEditing() {
    setDraft(null);
    focusSoon(() => document.querySelector<HTMLElement>('[data-rubric-edit]'));
  }

  function handleSave() {
    if (draft === null) return;
    update.mutate(
      { rubric_markdown: draft.trim() ? draft : null },
      {
        onSuccess: () => {
          stopEditing();
          toast.success('Rubric saved successfully!');
        },
        onError: () => toast.error('Failed to save rubric. Please try again.'),
      },
    );
  }

  if (editing) {
    return (
      <Card className="p-6">
        <MarkdownEditor
          id="rubric-editor"
          label="Grading Rubric"
          value={draft}
          onChange={setDraft}
          rows={14}
          placeholder={'## Correctness (40 points)\n- All test cases pass'}
          hint="Criteria with their points, e.g. '## Correctness (40 points)'. Mylo grades against this rubric."
          disabled={update.isPending}
        />
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={stopEditing} disabled={update.isPending}>
            Cancel
          </Button>
          <Button onClick={handleSave} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Rubric'}
          </Button>
        </div>
      </Card>
    );
  }

  if (!saved.trim()) {
    return (
      <EmptyState
        icon={ClipboardList}
        title="No rubric yet"
        description="Add grading criteria so grading, by hand or with Mylo, stays consistent."
        action={
          <Button onClick={() => startEditing('')} data-rubric-edit>
            <Pencil aria-hidden="true" className="size-4" />
            Edit Rubric
          </Button>
        }
      />
    );
  }

  return (
    <Card className="p-6">
      <div className="flex items-start justify-between gap-4">
        <h2 className="text-base font-semibold text-gray-900">Grading Rubric</h2>
        <Button variant="secondary" size="sm" onClick={() => startEditing(saved)} data-rubric-edit>
          <Pencil aria-hidden="true" className="size-4" />
          Edit Rubric
        </Button>
      </div>
      <Markdown className="mt-4">{saved}</Markdown>
    </Card>
  );
}
