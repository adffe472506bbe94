// Development, not mentions: what a sentence, a line of code or a line of working contributes.
// Specific content counts (terms, names, numbers, quotations), more when the assignment did not
// already supply it; a word used again says less each time; reasons and quotations add weight.
import type { AssignmentProfile } from './assignment-profile';
import { CALIBRATION as C } from './calibration';
import type { TextUnit } from './text-units';
import { specificity } from './word-specificity';
import { isFigure } from './language';

/** Specific content for one full unit of development. */
const FULL_INFO = 3;
const MAX_SUBSTANCE = 2;
/** Words the assignment already uses count, at this share: using them in reasoning is fine. */
const ASSIGNMENT_WORD = 0.5;
const NUMBERS_PER_UNIT = 2;
/** New content words for a plain statement's full worth. */
const PLAIN_CONTENT_WORDS = 4;
const CODE_LINE = 0.5;
const DATA_LINE = 1;
const REASONING =
  /\b(because|so that|therefore|thus|hence|which means|this means|as a result|since|so|if|whereas|although|however|but|unless|otherwise|instead)\b/i;
const QUOTATION = /["\u201c][^"\u201d]{3,}["\u201d]/;
const BONUS = { reasoning: 0.3, quotation: 0.3 } as const;
const PLATITUDE =
  /\b(?:is|are|was|were|be|being)\s+(?:(?:very|so|really|also|quite|extremely|one of the most)\s+)*(?:important|good|interesting|useful|bad|big|great|famous|helpful|nice|fun|significant|essential)\b/i;
// "Heat is a very important topic", "Rust has always been such an interesting subject", "a very
// interesting part of science": the noun says nothing either. "Metal is a good conductor" does,
// and a sentence with a figure in it ("a big issue in the Amazon, where 17 %…") is more than its
// opening.
const EMPTY_ADJECTIVE = String.raw`(?:important|interesting|fascinating|useful|big|significant|essential|key|major|crucial)`;
const PLATITUDE_TOPIC = new RegExp(
  String.raw`\b(?:is|are|was|were|been|becomes?|remains?)\s+(?:(?:also|still|always|truly)\s+)?(?:such\s+)?an?\s+(?:(?:very|really|quite|extremely|hugely|incredibly)\s+)*(?:${EMPTY_ADJECTIVE}(?:\s+and\s+(?:(?:very|really)\s+)?${EMPTY_ADJECTIVE})?\s+(?:topic|question|subject|thing|issue|idea|matter)s?|(?:interesting|fascinating)\s+(?:part|area)s?)\b`,
  'i',
);
const PLATITUDE_SHARE = 0.3;

/**
 * Per unit, in reading order (`seen` counts the lemmas of earlier units): 0 for nothing, about 1
 * for a sentence that says something specific, up to 2.
 */
export function substanceOf(
  unit: TextUnit,
  profile: AssignmentProfile,
  seen: Map<string, number>,
): number {
  if (unit.kind === 'heading') return 0;
  let info = 0;
  let numbers = 0;
  let fresh = 0;
  for (const lemma of new Set(unit.content)) {
    const earlier = seen.get(lemma) ?? 0;
    if (earlier === 0 && !profile.vocabulary.has(lemma)) fresh++;
    const known = profile.vocabulary.has(lemma) ? ASSIGNMENT_WORD : 1;
    // A run of numbers ("1, 2, 3, 4, 5") is one piece of information, not five.
    if (isFigure(lemma) && ++numbers > NUMBERS_PER_UNIT) continue;
    info += (specificity(lemma) * known) / Math.sqrt(earlier + 1);
  }
  for (const lemma of unit.content) seen.set(lemma, (seen.get(lemma) ?? 0) + 1);
  if (unit.kind === 'code') return CODE_LINE;
  if (unit.kind === 'data') return DATA_LINE;
  // "Enzymes are very important in biology": a platitude is not development.
  const platitude = isPlatitude(unit.text) ? PLATITUDE_SHARE : 1;
  const bonus =
    platitude *
    (1 +
      (REASONING.test(unit.text) ? BONUS.reasoning : 0) +
      (QUOTATION.test(unit.text) ? BONUS.quotation : 0));
  // A plain statement in everyday words still says something, if it says something new.
  const plain = C.plainStatement * Math.min(1, fresh / PLAIN_CONTENT_WORDS);
  return Math.min(MAX_SUBSTANCE, Math.max(info / FULL_INFO, plain) * bonus);
}

export function isPlatitude(text: string): boolean {
  return PLATITUDE.test(text) || (PLATITUDE_TOPIC.test(text) && !/\d/.test(text));
}
