import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MicOff } from 'lucide-react';
import { useAuth } from '@web/auth/auth-context';
import { pushVoiceContext, voiceWidgetQueryOptions } from '../api/voice-widget';
import { claimContextPush } from '../context-push-flag';
import { loadWidgetScript } from '../load-widget-script';

const DEFAULT_SCRIPT_URL = 'https://unpkg.com/@elevenlabs/convai-widget-embed';

type ScriptState = 'idle' | 'loading' | 'ready' | 'failed';

function useWidgetScript(url: string | null): ScriptState {
  const [state, setState] = useState<{ url: string | null; status: ScriptState }>({
    url: null,
    status: 'idle',
  });
  useEffect(() => {
    if (!url) return;
    let active = true;
    setState({ url, status: 'loading' });
    loadWidgetScript(url).then(
      () => active && setState({ url, status: 'ready' }),
      (error: unknown) => {
        console.warn('Voice assistant unavailable', error);
        if (active) setState({ url, status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [url]);
  return url && state.url === url ? state.status : 'idle';
}

/**
 * SPEC §1/§2: the voice assistant of the configured course, for a signed-in student. The server
 * decides whether it is on (GET /api/voice-agent/widget); teachers never ask.
 */
export function VoiceAssistant({ courseId }: { courseId: string }) {
  const auth = useAuth();
  if (auth.status !== 'authenticated' || auth.user.role !== 'student') return null;
  return <StudentVoiceAssistant courseId={courseId} studentId={auth.user.id} />;
}

function StudentVoiceAssistant({ courseId, studentId }: { courseId: string; studentId: string }) {
  const widget = useQuery(voiceWidgetQueryOptions(courseId, studentId));
  const config = widget.data?.enabled && widget.data.agent_id ? widget.data : null;
  const agentId = config?.agent_id ?? null;

  useEffect(() => {
    if (widget.error) console.warn('Voice assistant settings could not be loaded', widget.error);
  }, [widget.error]);

  // Once per session per student and course, on the first visit (SPEC §7).
  useEffect(() => {
    if (!agentId || !claimContextPush(courseId, studentId)) return;
    void pushVoiceContext({ student_id: studentId, course_id: courseId, agent_id: agentId });
  }, [agentId, courseId, studentId]);

  const script = useWidgetScript(config ? (config.script_url ?? DEFAULT_SCRIPT_URL) : null);

  if (!config || !agentId) return null;
  if (script === 'failed') {
    return (
      <p
        role="status"
        className="mb-8 flex items-center gap-2 rounded-lg border border-gray-200 bg-gray-50 px-3 py-2.5 text-sm text-gray-600"
      >
        <MicOff aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
        The voice assistant is unavailable right now.
      </p>
    );
  }
  if (script !== 'ready') return null;
  return (
    <elevenlabs-convai
      agent-id={agentId}
      dynamic-variables={
        config.dynamic_variables ? JSON.stringify(config.dynamic_variables) : undefined
      }
    />
  );
}
