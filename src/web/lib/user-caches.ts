/**
 * Caches that hold the signed-in user's data (TanStack Query's, which loads with the signed-in
 * frame, not with /login). The auth provider clears them all when the session ends, without
 * importing what they belong to.
 */
const clearers = new Set<() => void>();

export function registerUserCache(clear: () => void): void {
  clearers.add(clear);
}

export function clearUserCaches(): void {
  for (const clear of clearers) clear();
}
