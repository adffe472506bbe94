import { describe, expect, it } from 'vitest';
import { acceptsPdf, describeModel } from './model-names';
import { createLanguageModel } from './provider';

describe('LLM provider configuration', () => {
  it('Each provider has a default model, named in the engine label', () => {
    expect(describeModel({ provider: 'openai', apiKey: 'k' })).toBe('openai:gpt-4.1-mini');
    expect(describeModel({ provider: 'anthropic', apiKey: 'k' })).toBe(
      'anthropic:claude-sonnet-4-5',
    );
    expect(describeModel({ provider: 'openai', model: 'gpt-4.1', apiKey: 'k' })).toBe(
      'openai:gpt-4.1',
    );
    expect(describeModel({ provider: 'offline' })).toBe('offline');
  });

  it('OpenAI is called through Chat Completions at LLM_BASE_URL', () => {
    const model = createLanguageModel({
      provider: 'openai',
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:9/v1',
    });
    expect(model).toMatchObject({ provider: 'openai.chat', modelId: 'gpt-4.1-mini' });
  });

  it('Only providers that read files get the PDF', () => {
    expect(acceptsPdf({ provider: 'openai' })).toBe(true);
    expect(acceptsPdf({ provider: 'anthropic' })).toBe(true);
    expect(acceptsPdf({ provider: 'openai-compatible', baseUrl: 'http://x/v1' })).toBe(false);
  });

  it('openai-compatible needs a base URL, and offline has no model', () => {
    expect(() => createLanguageModel({ provider: 'openai-compatible' })).toThrow(/LLM_BASE_URL/);
    expect(() => createLanguageModel({ provider: 'offline' })).toThrow(/offline/);
  });
});
