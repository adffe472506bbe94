import { describe, expect, it } from 'vitest';
import { MAX_WORDS, wordSimilarity, wordVectors } from './word-vectors';
import { WordMatcher } from './word-match';
import { specificity } from './word-specificity';

describe('Word meaning for the offline grader', () => {
  it('reads the most frequent words of the embeddings package, not all 341,479', () => {
    const vectors = wordVectors();
    expect(vectors.size).toBe(MAX_WORDS);
    expect(vectors.rank('the')).toBe(0);
    expect(vectors.vector('enzyme')).toHaveLength(100);
    expect(vectors.vector('sandberger')).toBeUndefined();
  });

  it('finds near-synonyms close and unrelated words far', () => {
    expect(wordSimilarity('ambition', 'desire')).toBeGreaterThan(0.6);
    expect(wordSimilarity('evidence', 'proof')).toBeGreaterThan(0.6);
    expect(wordSimilarity('ambition', 'photosynthesis')).toBeLessThan(0.3);
    expect(wordSimilarity('enzyme', 'enzyme')).toBe(1);
  });

  it('counts rare words as telling more than common ones', () => {
    expect(specificity('important')).toBeLessThan(0.15);
    expect(specificity('melatonin')).toBeGreaterThan(0.8);
    expect(specificity('denatured')).toBeGreaterThan(specificity('changed'));
    expect(specificity('1789')).toBe(1);
  });

  it('matches a term by a close synonym partly, never common words or numbers', () => {
    const matcher = new WordMatcher();
    expect(matcher.match('ambition', 'ambition')).toBe(1);
    const soft = matcher.match('ambition', 'desire');
    expect(soft).toBeGreaterThan(0.4);
    expect(soft).toBeLessThan(1);
    expect(matcher.match('make', 'take')).toBe(0);
    expect(matcher.match('225', '226')).toBe(0);
    expect(matcher.strict('search', ['bubble', 'swap'])).toBe(0);
    expect(matcher.strict('french', ['france'])).toBeGreaterThan(0);
  });
});
