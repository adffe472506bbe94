import { api } from '@web/lib/api-client';

interface Health {
  status: string;
}

/** GET /health: whether Mylo can be talked to (SPEC §4). A failed call counts as not ok. */
export async function isServiceHealthy(signal?: AbortSignal): Promise<boolean> {
  try {
    const health = await api.get<Health>('/health', { signal });
    return health.status === 'ok';
  } catch {
    return false;
  }
}
