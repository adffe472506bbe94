// Types for scripts/build.mjs, which bench/ imports.
export declare const SERVER_ENTRIES: Record<string, string>;
export declare function buildServer(options?: {
  outdir?: string;
  entries?: Record<string, string>;
}): Promise<void>;
export declare function buildWeb(): void;
