// Thread titles from the model (SPEC §4): one short call, at most six words, quotes trimmed.
// Any failure answers SPEC's fallback, the first three words, with success false.
import { generateText } from 'ai';
import type { LlmConfig } from '../../ai/model-names';
import { createLanguageModel } from '../../ai/provider';
import { fallbackTitle, type ThreadTitleReply } from '../thread-title';
import { TITLE_SYSTEM_PROMPT } from './agent-prompt';

export const DEFAULT_TITLE_TIMEOUT_MS = 15_000;
const MAX_WORDS = 6;

export type ThreadTitler = (firstMessage: string) => Promise<ThreadTitleReply>;

export function createLlmThreadTitler(
  llm: LlmConfig,
  options: { timeoutMs?: number; onError?: (error: unknown) => void } = {},
): ThreadTitler {
  const model = createLanguageModel(llm);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TITLE_TIMEOUT_MS;

  return async (firstMessage) => {
    try {
      const { text } = await generateText({
        model,
        system: TITLE_SYSTEM_PROMPT,
        messages: [{ role: 'user', content: firstMessage }],
        maxOutputTokens: 32,
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
      const title = cleanTitle(text);
      if (!title) throw new Error('The AI provider returned an empty title.');
      return { success: true, title };
    } catch (error) {
      options.onError?.(error);
      return {
        success: false,
        error: 'Could not generate a title.',
        title: fallbackTitle(firstMessage),
      };
    }
  };
}

/** The first line, without surrounding quotes, "Title:" or a final full stop, six words at most. */
export function cleanTitle(text: string): string {
  const line = (text.trim().split('\n')[0] ?? '')
    .replace(/^title:\s*/i, '')
    .replace(/^["'“”‘’`*]+|["'“”‘’`*]+$/g, '')
    .replace(/[.!]+$/, '')
    .trim();
  return line.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS).join(' ');
}
