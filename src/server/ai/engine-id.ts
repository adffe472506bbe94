/**
 * Stable engine ids (DESIGN §15): what routes name and results record, unlike display names
 * such as "offline rubric matcher" or "openai:gpt-4.1-mini". 'offline' always exists; 'llm'
 * exists when LLM_PROVIDER names a provider.
 */
export type EngineId = 'offline' | 'llm';

/** The offline grader's display name (here, so the main thread names it without loading it). */
export const OFFLINE_ENGINE_NAME = 'offline rubric matcher';
