// The pieces a teacher reads a submission in: headings, sentences of prose, lines of code and
// lines of data or working ("12 + 0.08m = 30", "10 C: 4.1, 3.8, 4.4"). PDF text ends every
// wrapped line with a newline, so short lines stand alone and long ones are joined.
import { SENTENCE_END } from '../sentence-end';
import { codeIdioms, recursionIdioms } from './code-idioms';
import { isContent, tokenize, type Token } from './language';
import { formOf } from './well-formedness';

export type UnitKind = 'heading' | 'prose' | 'code' | 'data';

export interface TextUnit {
  text: string;
  kind: UnitKind;
  /** The heading the unit sits under: "Complexity" tells what the sentences after it are about. */
  heading: string | null;
  tokens: Token[];
  /** Lemmas of the content words and numbers, in order. */
  content: string[];
  /** 0 to 1: how much the unit reads as a well-formed sentence (1 for real code and data). */
  form: number;
  /** What a line of code or working does, in words ("half", "search", "linked"): see code-idioms. */
  does: string[];
}

const SHORT_LINE = 50;
const MAX_HEADING_WORDS = 8;
const MAX_SENTENCE_WORDS = 60;
const CODE_START =
  /^(def|return|while|for|if|elif|else|int|long|public|private|static|function|const|let|var|assert|import|class|print|void)\b/;
// "out.append(head.value)", "print(total)": a call on its own line.
const CALL = /^[A-Za-z_][\w.]*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*;?$/;
// "lo = 0", "total += x": a statement, not a sentence.
const ASSIGNMENT = /^[A-Za-z_][\w.[\]]*\s*[-+*/]?=\s*\S/;
// "Plan B: cost = 30", "0.08x = 18": a line of working.
const EQUATION = /[\w)]\s*=\s*[-+$(]?\d|\d\s*[=<>]\s*[-+$(]?\w/;
const CODE_WORDS = new Set(['def', 'int', 'self', 'var', 'let', 'const', 'elif', 'len']);
const CODE_SYMBOLS = /[=;{}[\]<>+*/%]|==|!=|\+\+|\/\//g;

export function textUnits(text: string): TextUnit[] {
  const units = splitSentences(text).map(({ text: unitText, isHeading, heading }) => {
    const tokens = tokenize(unitText);
    const content = tokens.filter(isContent).map((t) => t.lemma);
    const prose = formOf(tokens);
    const kind = kindOf(unitText, tokens, prose, isHeading);
    const form = kind === 'code' || kind === 'data' ? 1 : prose;
    // "binary_search", "reverseList": a name in code says what the code is about.
    const words =
      kind === 'code' ? tokens.filter(isContent).flatMap((t) => identifierWords(t)) : content;
    const does = kind === 'code' || kind === 'data' ? codeIdioms(unitText) : [];
    return { text: unitText, kind, heading, tokens, content: words, form, does };
  });
  const lines = units.filter((u) => u.kind === 'code' || u.kind === 'data');
  recursionIdioms(lines.map((u) => u.text)).forEach((words, i) => lines[i]!.does.push(...words));
  return units;
}

function identifierWords(token: Token): string[] {
  const parts = token.text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[_\s]+/)
    .map((part) => part.toLowerCase())
    .filter((part) => part.length >= 3 && !CODE_WORDS.has(part));
  return parts.length > 1 ? parts : [token.lemma];
}

function kindOf(text: string, tokens: Token[], form: number, isHeading: boolean): UnitKind {
  if (isHeading) return 'heading';
  // "assert reverse(None) is None" reads like a sentence to a tagger; a lower-case keyword and
  // brackets or a trailing colon make it code.
  if (CODE_START.test(text.trim()) && /[()[\]]|:$/.test(text.trim())) return 'code';
  if (CALL.test(text.trim()) && /[._]\w*\(|\(\S*[._]/.test(text.trim())) return 'code';
  if (EQUATION.test(text)) return 'data';
  if (form >= 0.5) return 'prose';
  const symbols = text.match(CODE_SYMBOLS)?.length ?? 0;
  if (CODE_START.test(text.trim()) || ASSIGNMENT.test(text.trim()) || symbols >= 2) {
    const numbers = tokens.filter((t) => t.kind === 'number').length;
    return numbers >= 2 && !CODE_START.test(text.trim()) ? 'data' : 'code';
  }
  const numbers = tokens.filter((t) => t.kind === 'number').length;
  const words = tokens.filter((t) => t.kind === 'word').length;
  if (numbers >= 2 && numbers * 2 >= words) return 'data';
  return 'prose';
}

export interface TextSentence {
  text: string;
  /** A short title line such as "2. Prompt design"; the sentences after it belong to it. */
  isHeading: boolean;
  /** The heading the sentence sits under, if any. */
  heading: string | null;
}

/** A line that ends a sentence, or leads in to what follows ("Test cases:"), ends its block. */
const ENDS_A_SENTENCE_OR_LEAD_IN = new RegExp(String.raw`(?:${SENTENCE_END}|:)$`);
/** The space between two sentences: after one's end, before a capital, a figure or an opening. */
const BETWEEN_SENTENCES = new RegExp(
  String.raw`(?<=${SENTENCE_END})\s+(?=["'“‘([\p{Lu}\p{N}])`,
  'u',
);

/**
 * Sentences in reading order, whitespace collapsed. A short line without end punctuation is a
 * heading or a list label and stands alone; other lines are wrapped text and are joined.
 */
export function splitSentences(text: string): TextSentence[] {
  const blocks: string[] = [];
  let block: string[] = [];
  const flush = () => {
    if (block.length) blocks.push(block.join(' '));
    block = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (!line) {
      flush();
      continue;
    }
    if (/^[•▪◦*-]\s/.test(line)) flush();
    block.push(line.replace(/^[•▪◦]\s*/, ''));
    if (line.length < SHORT_LINE || ENDS_A_SENTENCE_OR_LEAD_IN.test(line)) flush();
  }
  flush();
  const sentences: TextSentence[] = [];
  let heading: string | null = null;
  for (const b of blocks) {
    if (isHeadingLine(b)) {
      heading = b;
      sentences.push({ text: b, isHeading: true, heading: null });
      continue;
    }
    for (const part of b.split(BETWEEN_SENTENCES).flatMap(chunkLongSentence)) {
      if (/[\p{L}\p{N}]/u.test(part)) sentences.push({ text: part, isHeading: false, heading });
    }
  }
  return sentences;
}

function isHeadingLine(block: string): boolean {
  return (
    block.length < SHORT_LINE &&
    block.split(' ').length <= MAX_HEADING_WORDS &&
    /^[\p{Lu}\p{N}(]/u.test(block) &&
    !/[.!?:;,=]$/.test(block) &&
    !/[=;{}]/.test(block)
  );
}

function chunkLongSentence(sentence: string): string[] {
  const words = sentence.split(' ');
  if (words.length <= MAX_SENTENCE_WORDS) return [sentence];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += MAX_SENTENCE_WORDS) {
    chunks.push(words.slice(i, i + MAX_SENTENCE_WORDS).join(' '));
  }
  return chunks;
}

export function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}
