// glibc's malloc_trim, called through koffi (decision 046). glibc gives memory that has been
// freed back to the system only from the top of its main heap: freed memory further down stays
// resident, and so does what a worker thread's heap held after the thread ended. After the
// bench's large uploads and 10 MB PDF, 28 MB of the server's 41 MB main heap was free but
// resident; malloc_trim(0) returns such pages (madvise) in every heap.
import type { FastifyBaseLogger } from 'fastify';

/** Gives freed memory back to the system, off the event loop; resolves when done. */
export type TrimFreedMemory = () => Promise<void>;

/** glibc's own version, or undefined on another C library (musl) or another system. */
function glibcVersion(): string | undefined {
  // Without its network part, which looks up the name of every open socket's peer (the
  // database's and Redis's are open by now): a slow DNS server would hold the start.
  // (Node.js 20.13 has the setting; @types/node 20 does not know it yet.)
  const settings = process.report as typeof process.report & { excludeNetwork: boolean };
  const { excludeNetwork } = settings;
  settings.excludeNetwork = true;
  try {
    const report = settings.getReport() as { header?: { glibcVersionRuntime?: string } };
    return report.header?.glibcVersionRuntime;
  } finally {
    settings.excludeNetwork = excludeNetwork;
  }
}

/**
 * malloc_trim where the process runs on glibc, else null: other allocators (macOS, Windows,
 * musl) give freed memory back on their own, or have no such call.
 */
export function loadMallocTrim(log: FastifyBaseLogger): Promise<TrimFreedMemory | null> {
  // Once per process: every app built in it (tests build hundreds) shares the one function.
  loading ??= load(log);
  return loading;
}

let loading: Promise<TrimFreedMemory | null> | undefined;

async function load(log: FastifyBaseLogger): Promise<TrimFreedMemory | null> {
  if (process.platform !== 'linux' || !glibcVersion()) return null;
  try {
    const { default: koffi } = await import('koffi');
    const mallocTrim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
    // Run on libuv's thread pool: trimming a large heap takes milliseconds, and the event loop
    // keeps answering meanwhile (threads that allocate wait for the heap they use).
    return () =>
      new Promise<void>((resolve, reject) => {
        mallocTrim.async(0, (error: unknown) => (error ? reject(error) : resolve()));
      });
  } catch (error) {
    // koffi has no build for this machine: freed memory stays resident, as without it.
    log.warn({ err: error }, 'cannot call malloc_trim; freed memory is given back only in part');
    return null;
  }
}
