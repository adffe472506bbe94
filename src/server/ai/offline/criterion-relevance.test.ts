import { describe, expect, it } from 'vitest';
import { parseRubric } from '@domain/rubric';
import { asksForWorking, criterionProfiles, RelevanceScorer } from './criterion-relevance';
import { textUnits } from './text-units';
import { WordMatcher } from './word-match';

const rubric = parseRubric(
  `## Implementation (15 points)
Working code with correct loop bounds and a correct midpoint calculation.
## Complexity analysis (10 points)
Time complexity O(log n) with a reason, space complexity, and a comparison with linear search.
## Edge cases and testing (10 points)
Empty array, one element, target absent, duplicates; tests that check them.`,
  35,
);
const profiles = criterionProfiles(rubric.criteria, new Set(['binary', 'search']));
const scorer = new RelevanceScorer(profiles, new WordMatcher());
const hits = (text: string, heading: string[] = []) => scorer.hits(textUnits(text)[0]!, heading);

describe('Criterion relevance: which criterion a passage serves', () => {
  it('sends a sentence to the criterion whose words it uses', () => {
    const [implementation, complexity, testing] = hits(
      'An empty array returns -1, and a test checks the target absent case too.',
    );
    expect(testing).toBeGreaterThan(implementation!);
    expect(testing).toBeGreaterThan(complexity!);
  });

  it('sends code to the criterion that asks for code', () => {
    const [implementation, complexity] = hits('while low <= high:');
    expect(implementation).toBeGreaterThan(complexity!);
  });

  it('lets a heading say what the sentences under it are about', () => {
    const plain = hits('Each step halves what is left to look at.');
    const underHeading = hits('Each step halves what is left to look at.', ['complexity']);
    expect(underHeading[1]).toBeGreaterThan(plain[1]!);
  });

  it('counts the assignment’s subject, named by every criterion, for little', () => {
    const shared = profiles.map((p) => p.terms.get('binary') ?? 0);
    expect(Math.max(...shared)).toBe(0);
  });

  it('lets one word of the work stand in for one word of a criterion, not several', () => {
    const matcher = new WordMatcher();
    const [one] = criterionProfiles(
      parseRubric('## Conduction (5 points)\nMetal carries heat away from the skin surface.', 5)
        .criteria,
      new Set(),
    );
    const terms = [...one!.terms.keys()];
    // "material" sits near several of these words in the embeddings; it counts for the nearest.
    const soft = terms.map((t) => matcher.soft(t, 'material'));
    expect(soft.filter((v) => v > 0).length).toBeGreaterThan(1);
    const nearest = terms[soft.indexOf(Math.max(...soft))]!;
    const scorer = new RelevanceScorer([one!], matcher);
    expect(scorer.hits(textUnits('Material.')[0]!, [])[0]).toBeCloseTo(
      Math.max(...soft) * one!.terms.get(nearest)!,
      5,
    );
    // A word that is one of the terms stands for that one alone.
    expect(scorer.hits(textUnits('Skin.')[0]!, [])[0]).toBeCloseTo(one!.terms.get('skin')!, 5);
  });
  it('does not let a criterion’s name alone meet a criterion its description spells out', () => {
    const exercise = parseRubric(
      `Heart - 5 marks: heart rate and stroke volume increase, so cardiac output rises and more oxygenated blood reaches the working muscles; blood is redirected away from the gut.

Clarity - 3 marks: a clear explanation.`,
      8,
    );
    const [heart, clarity] = criterionProfiles(exercise.criteria, new Set());
    // "Heart" is spelled out by eleven terms: named by the criterion, it weighs as one of them.
    expect(heart!.terms.get('heart')).toBeLessThanOrEqual(heart!.terms.get('stroke')!);
    // "Clarity" is described in two words: its name still says the most.
    expect(clarity!.terms.get('clarity')).toBeGreaterThan(clarity!.terms.get('explanation')!);
  });
});

describe('Criterion relevance: a criterion that asks for a result worked out (decision 068)', () => {
  it('reads a calculation or the working asked for', () => {
    for (const text of [
      'Power dissipated: the power in the chosen resistor calculated, about 0.13 W',
      'Working and units: formulas stated, working set out step by step',
      'Solution: solves the equation, showing all the working',
      'Battery running down: backed by at least one calculation',
    ]) {
      expect(asksForWorking(text), text).toBe(true);
    }
  });

  it('does not read the words in their other senses (the review of the change)', () => {
    for (const text of [
      'Impact: on the working-class Americans and on the working population',
      'Judgement: a clear, well worked out judgement',
      'Risk: a calculated risk taken by the government, and how things worked out',
      'Understanding: explains how price elasticity of demand is calculated',
      'Analysis: how to calculate the resistance from the readings',
    ]) {
      expect(asksForWorking(text), text).toBe(false);
    }
  });
});
