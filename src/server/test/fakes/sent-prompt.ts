// Reads back what a client sent to a fake LLM server, in either wire format, so tests can
// assert on the prompt without knowing each format's nesting.

export type WireName = 'openai' | 'anthropic';

export interface SentPrompt {
  /** The system prompt's text. */
  system: string;
  /** The text of each user message, in order. */
  user: string[];
  /** Non-text parts of user messages (files, documents, images), in the wire's own shape. */
  files: unknown[];
}

interface Part {
  type?: string;
  text?: string;
}
interface Message {
  role?: string;
  content?: string | Part[] | null;
}
interface Body {
  system?: string | Part[];
  messages?: Message[];
}

export function sentPrompt(wire: WireName, requestBody: unknown): SentPrompt {
  const body = (requestBody ?? {}) as Body;
  const messages = body.messages ?? [];
  const system =
    wire === 'anthropic'
      ? textOf(body.system)
      : messages
          .filter((m) => m.role === 'system' || m.role === 'developer')
          .map((m) => textOf(m.content))
          .join('\n');
  const user = messages.filter((m) => m.role === 'user');
  return {
    system,
    user: user.map((m) => textOf(m.content)),
    files: user.flatMap((m) =>
      Array.isArray(m.content) ? m.content.filter((part) => part.type !== 'text') : [],
    ),
  };
}

function textOf(content: string | Part[] | null | undefined): string {
  if (typeof content === 'string') return content;
  return (content ?? [])
    .filter((part) => part.type === 'text')
    .map((part) => part.text ?? '')
    .join('\n');
}
