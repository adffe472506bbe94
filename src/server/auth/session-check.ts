// Whether an access token's session still stands, checked on every signed-in request
// (decision 017). A session found live is remembered for a few seconds, so a burst of requests
// costs one lookup; this process forgets it the moment it signs the session out or revokes it,
// so here the answer is exact. Another instance may keep answering "live" for at most LIVE_TTL_MS.
import type { Database } from '../db/connect';
import { isSessionActive } from './auth.service';

const LIVE_TTL_MS = 5_000;
const MAX_REMEMBERED = 50_000;

export interface SessionCheck {
  isActive(userId: string, sessionId: string): Promise<boolean>;
  /** Called when this process ends a session (sign-out, refresh-token reuse). */
  ended(sessionId: string): void;
}

export function createSessionCheck(db: Database, now: () => number = Date.now): SessionCheck {
  const live = new Map<string, { userId: string; until: number }>();
  return {
    async isActive(userId, sessionId) {
      const known = live.get(sessionId);
      if (known && known.userId === userId && known.until > now()) return true;
      live.delete(sessionId);
      const active = await isSessionActive({ db }, userId, sessionId);
      if (active) {
        if (live.size >= MAX_REMEMBERED) live.delete(live.keys().next().value ?? '');
        live.set(sessionId, { userId, until: now() + LIVE_TTL_MS });
      }
      return active;
    },
    ended: (sessionId) => void live.delete(sessionId),
  };
}
