// DESIGN §7: something the caller may not see answers 404, so ids cannot be probed. A policy
// that refuses with 403 ("it exists, but it is not yours") is right for some doors and wrong
// for others; this is the one place that turns such a refusal into "not found".
import { AppError, notFound } from '../errors';

/** Runs a check; any refusal it makes (a 4xx AppError) becomes a 404 for `what`. */
export async function hiddenAsNotFound<T>(what: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) throw notFound(what);
    throw error;
  }
}
