// SPEC §7: the browser pushes the voice context once per session per student and course, on the
// first visit to that course page, remembered by a session-storage flag per course and student.

type FlagStore = Pick<Storage, 'getItem' | 'setItem'>;

export const contextPushFlagKey = (courseId: string, studentId: string) =>
  `mylo.voice.context.${courseId}.${studentId}`;

// Used when session storage refuses to work (disabled, full): then "once per page life".
const fallback = new Set<string>();

const sessionStore = (): FlagStore | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
};

/**
 * True exactly once per session for this course and student: the caller should push now. The
 * flag is set before the push is sent, so a page that mounts twice still sends one request.
 */
export function claimContextPush(
  courseId: string,
  studentId: string,
  storage: FlagStore | null = sessionStore(),
): boolean {
  const key = contextPushFlagKey(courseId, studentId);
  if (fallback.has(key)) return false;
  try {
    if (!storage) throw new Error('no session storage');
    if (storage.getItem(key) !== null) return false;
    storage.setItem(key, new Date().toISOString());
    return true;
  } catch {
    fallback.add(key);
    return true;
  }
}
