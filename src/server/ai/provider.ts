import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { modelIdFor, type LlmConfig } from './model-names';

// The SDK prints its warnings (e.g. "unsupported setting") with console.warn; our logs are
// pino's, and tests treat console noise as a bug. Warnings that matter surface as errors.
globalThis.AI_SDK_LOG_WARNINGS ??= false;

/**
 * The AI SDK model for LLM_PROVIDER. LLM_BASE_URL includes the API version path, as the SDK's
 * own defaults do (https://api.openai.com/v1, https://api.anthropic.com/v1).
 */
export function createLanguageModel(llm: LlmConfig): LanguageModel {
  const modelId = modelIdFor(llm);
  switch (llm.provider) {
    case 'openai':
      // Chat Completions rather than the Responses API: the wire format most servers share.
      return createOpenAI({ apiKey: llm.apiKey, baseURL: llm.baseUrl }).chat(modelId);
    case 'anthropic':
      return createAnthropic({ apiKey: llm.apiKey, baseURL: llm.baseUrl })(modelId);
    case 'openai-compatible': {
      if (!llm.baseUrl) throw new Error('LLM_BASE_URL is required for openai-compatible.');
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: llm.baseUrl,
        apiKey: llm.apiKey,
        supportsStructuredOutputs: true,
      }).chatModel(modelId);
    }
    default:
      throw new Error(`Unknown LLM provider: ${String(llm.provider)}`);
  }
}
