import { queryOptions } from '@tanstack/react-query';
import type { UpdateContextInput, VoiceWidget } from '@domain/schemas/voice';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/voice-agent/widget: whether this signed-in student gets the widget on the course. */
export const voiceWidgetQueryOptions = (courseId: string, studentId: string) =>
  queryOptions({
    queryKey: queryKeys.voice.widget(courseId, studentId),
    queryFn: ({ signal }) =>
      api.get<VoiceWidget>(`/api/voice-agent/widget?course_id=${encodeURIComponent(courseId)}`, {
        signal,
      }),
    // An optional extra: a failure hides the widget; it is never retried or shown as an error.
    retry: false,
    staleTime: 5 * 60_000,
  });

/**
 * POST /api/voice-agent/update-context for the signed-in student. Failures are only logged
 * (SPEC §7): the push must never break the page.
 */
export async function pushVoiceContext(body: UpdateContextInput): Promise<void> {
  try {
    await api.post<unknown>('/api/voice-agent/update-context', body);
  } catch (error) {
    console.warn('Voice assistant context update failed', error);
  }
}
