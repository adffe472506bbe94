// Mylo's stored suggestions (DESIGN §11, docs/decisions/019). A suggestion belongs to the file
// it graded; the newest undismissed one of the submission's current file is "the" suggestion,
// and one of an earlier file is stale (the student resubmitted since).
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DetailedResult } from '@domain/schemas/submissions';
import type { EngineId } from '../ai/engine-id';
import type { Database } from '../db/connect';
import { gradingSuggestions, submissions } from '../db/schema';

export type SuggestionRow = typeof gradingSuggestions.$inferSelect;

export interface SuggestionView {
  id: string;
  submission_id: string;
  file_path: string;
  engine_id: EngineId;
  engine_name: string;
  grade: number;
  result: DetailedResult;
  created_at: Date;
  dismissed_at: Date | null;
}

const asView = (row: SuggestionRow): SuggestionView => ({
  id: row.id,
  submission_id: row.submission_id,
  file_path: row.file_path,
  engine_id: row.engine_id as EngineId,
  engine_name: row.engine_name,
  grade: row.grade,
  result: row.result as DetailedResult,
  created_at: row.created_at,
  dismissed_at: row.dismissed_at,
});

export async function storeSuggestion(
  db: Database,
  values: {
    submissionId: string;
    filePath: string;
    /** The version whose file was graded (DESIGN §11). */
    versionId: string | null;
    engineId: EngineId;
    engineName: string;
    result: DetailedResult;
    requestedBy: string;
    createdAt: Date;
  },
): Promise<SuggestionView> {
  const [row] = await db
    .insert(gradingSuggestions)
    .values({
      submission_id: values.submissionId,
      file_path: values.filePath,
      version_id: values.versionId,
      engine_id: values.engineId,
      engine_name: values.engineName,
      grade: values.result.grade,
      result: values.result,
      requested_by: values.requestedBy,
      created_at: values.createdAt,
    })
    .returning();
  if (!row) throw new Error('suggestion was not inserted');
  return asView(row);
}

/**
 * For each submission: its current suggestion (newest undismissed, of its current file) and,
 * when there is none, the newest undismissed one of an earlier file.
 */
export async function suggestionsFor(db: Database, submissionIds: string[]) {
  const found = new Map<string, { current: SuggestionView | null; stale: SuggestionView | null }>();
  if (submissionIds.length === 0) return found;
  const rows = await db
    .select({ suggestion: gradingSuggestions, currentFile: submissions.file_path })
    .from(gradingSuggestions)
    .innerJoin(submissions, eq(submissions.id, gradingSuggestions.submission_id))
    .where(
      and(
        inArray(gradingSuggestions.submission_id, submissionIds),
        isNull(gradingSuggestions.dismissed_at),
      ),
    )
    .orderBy(desc(gradingSuggestions.created_at), desc(gradingSuggestions.id));
  for (const id of submissionIds) found.set(id, { current: null, stale: null });
  for (const { suggestion, currentFile } of rows) {
    const entry = found.get(suggestion.submission_id);
    if (!entry) continue;
    if (suggestion.file_path === currentFile) entry.current ??= asView(suggestion);
    else entry.stale ??= asView(suggestion);
  }
  for (const entry of found.values()) if (entry.current) entry.stale = null;
  return found;
}

export async function loadSuggestion(db: Database, suggestionId: string) {
  const [row] = await db
    .select()
    .from(gradingSuggestions)
    .where(eq(gradingSuggestions.id, suggestionId));
  return row ? asView(row) : undefined;
}

export async function dismissSuggestion(db: Database, suggestionId: string, at: Date) {
  await db
    .update(gradingSuggestions)
    .set({
      dismissed_at: sql`coalesce(${gradingSuggestions.dismissed_at}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(gradingSuggestions.id, suggestionId));
}
