// Names of the configured model, for results, /health and the logs, without loading the AI SDK
// (provider.ts does, for the engines that call a model).
import type { Config } from '../config';

export type LlmConfig = Config['llm'];
export type LlmProvider = Exclude<LlmConfig['provider'], 'offline'>;

/** Used when LLM_MODEL is unset. openai-compatible servers name their own models. */
export const DEFAULT_MODELS: Record<LlmProvider, string> = {
  openai: 'gpt-4.1-mini',
  anthropic: 'claude-sonnet-4-5',
  'openai-compatible': 'default',
};

export function modelIdFor(llm: LlmConfig): string {
  if (llm.provider === 'offline') throw new Error('The offline engine has no language model.');
  return llm.model ?? DEFAULT_MODELS[llm.provider];
}

/** A label for the result's `engine` field and /health, e.g. "openai:gpt-4.1-mini". */
export function describeModel(llm: LlmConfig): string {
  if (llm.provider === 'offline') return 'offline';
  return `${llm.provider}:${modelIdFor(llm)}`;
}

/** Whether the provider reads a PDF itself; the others get the extracted text only. */
export function acceptsPdf(llm: LlmConfig): boolean {
  return llm.provider === 'openai' || llm.provider === 'anthropic';
}
