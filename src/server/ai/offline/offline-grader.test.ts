// The offline grader on the grading corpus (issue 11): every submission a generated PDF whose
// text is extracted like a real upload's, graded by the real engine. These are the properties a
// teacher would check (orderings and bounds, never exact grades); `npm run eval:grader` prints
// the figures behind them.
import { beforeAll, describe, expect, it } from 'vitest';
import { detailedResultSchema } from '@domain/schemas/submissions';
import {
  COMPETENT_KINDS,
  GRADING_CORPUS,
  KEYWORD_KINDS,
  type SubmissionKind,
} from '@server/test/fixtures/grading-corpus';
import {
  gradeAssignment,
  injectionReported,
  percentOf,
  rankAgreement,
  type GradedSubmission,
} from '@server/test/fixtures/grading-corpus/grade-corpus';
import { OFFLINE_ENGINE_NAME } from '../engine-id';
import { createOfflineGrader } from './offline-grader';

const grader = createOfflineGrader();
const graded = new Map<string, GradedSubmission[]>();

beforeAll(async () => {
  for (const assignment of GRADING_CORPUS) {
    graded.set(assignment.key, await gradeAssignment(grader, assignment));
  }
}, 120_000);

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

describe.each(GRADING_CORPUS)('Offline grader on $key ($rubricStyle)', ({ key }) => {
  const all = () => graded.get(key)!;
  const one = (kind: SubmissionKind) => all().find((g) => g.submission.kind === kind)!;
  const pct = (kind: SubmissionKind) => percentOf(one(kind));

  it('ranks excellent above good, good above partial, and partial above minimal work', () => {
    expect(pct('excellent')).toBeGreaterThan(pct('good'));
    expect(pct('good')).toBeGreaterThan(pct('partial'));
    expect(pct('partial')).toBeGreaterThan(pct('minimal'));
  });

  it('grades complete, well-developed work at 85 % or more and thin work low', () => {
    expect(pct('excellent')).toBeGreaterThanOrEqual(85);
    expect(pct('minimal')).toBeLessThanOrEqual(30);
  });

  it('gives a list of the rubric’s words, or word salad, at most 20 %', () => {
    const gaming = all().filter((g) => KEYWORD_KINDS.includes(g.submission.kind));
    expect(gaming.length).toBeGreaterThan(0);
    for (const g of gaming) expect(percentOf(g)).toBeLessThanOrEqual(20);
  });

  it('gives the rubric restated as claims, without the work, at most 20 %', () => {
    expect(pct('restated-claims')).toBeLessThanOrEqual(20);
  });

  it('gives a good answer to a different question at most 15 %, and says why to the teacher', () => {
    const offTopic = one('off-topic');
    expect(percentOf(offTopic)).toBeLessThanOrEqual(15);
    expect(offTopic.result.warnings?.join('\n')).toMatch(/may not answer this assignment/);
  });

  it('grades long but empty padding below every competent submission', () => {
    const competent = all().filter((g) => COMPETENT_KINDS.includes(g.submission.kind));
    for (const g of competent) expect(one('padding').result.grade).toBeLessThan(g.result.grade);
  });

  it('reports text aimed at the grader to the teacher and does not reward it', () => {
    const injected = one('injection');
    expect(injectionReported(injected)).toBe(true);
    expect(injected.result.grade).toBeLessThanOrEqual(injected.withoutInjection!.grade);
    const studentFacing = JSON.stringify([
      injected.result.feedback,
      injected.result.rubric_breakdown,
      injected.result.recommendations,
    ]);
    for (const paragraph of injected.submission.aimedAtGrader!) {
      expect(studentFacing).not.toContain(paragraph.slice(0, 30));
    }
  });

  it('reports no instruction to the grader in honest work', () => {
    for (const g of all().filter((g) => g.submission.kind !== 'injection')) {
      expect(g.result.warnings ?? []).not.toContainEqual(expect.stringContaining('instruct'));
    }
  });

  it('quotes the work as evidence for every criterion that earns points', () => {
    for (const { text, result } of all()) {
      for (const row of result.rubric_breakdown.filter((r) => r.points_earned > 0)) {
        const quote = /Evidence: "(.+)"$/.exec(row.justification)?.[1];
        expect(quote, row.justification).toBeDefined();
        expect(normalise(text)).toContain(normalise(quote!.replace(/…$/, '')));
      }
    }
  });

  it('adds the breakdown up to a valid grade, naming the engine', () => {
    const total = one('excellent').assignment.assignment.totalPoints;
    for (const { result } of all()) {
      const sum = result.rubric_breakdown.reduce((acc, row) => acc + row.points_earned, 0);
      expect(result.grade).toBe(sum);
      expect(result.grade).toBeLessThanOrEqual(total);
      expect(Number.isInteger(result.grade * 2)).toBe(true);
      expect(result.percentage).toBe(Math.round((result.grade / total) * 1000) / 10);
      expect(detailedResultSchema.parse(result)).toEqual(result);
      expect(result.engine).toBe(OFFLINE_ENGINE_NAME);
    }
  });

  it('speaks to the student as "you", with nothing meant only for the teacher', () => {
    for (const { result } of all()) {
      const studentFacing = [
        result.feedback.overall,
        ...result.feedback.strengths,
        ...result.feedback.areas_for_improvement,
        ...result.feedback.missing_elements,
        ...result.recommendations,
        ...result.rubric_breakdown.map((r) => r.justification),
      ];
      expect(result.feedback.overall).toMatch(/\byour\b/i);
      for (const line of studentFacing) {
        expect(line).not.toMatch(/\bthe teacher\b|\bthe submission\b|\bthe student\b|instruct/i);
        expect(line).not.toMatch(
          /\b1 passages\b|\bone passage discuss\b|\b\d+ passages develops\b/,
        );
      }
    }
  });

  it('is more confident about substantial work than about a few sentences', () => {
    for (const { result } of all()) {
      expect(result.confidence_level).toBeGreaterThanOrEqual(0.2);
      expect(result.confidence_level).toBeLessThanOrEqual(0.8);
    }
    expect(one('excellent').result.confidence_level).toBeGreaterThan(
      one('minimal').result.confidence_level,
    );
  });
});

describe('Offline grader on the whole corpus', () => {
  const everything = () => [...graded.values()].flat();

  it("agrees with the teacher's ranking (Spearman at least 0.85 pooled, 0.8 on every assignment)", () => {
    expect(rankAgreement(everything())).toBeGreaterThanOrEqual(0.85);
    for (const [key, list] of graded) expect(rankAgreement(list), key).toBeGreaterThanOrEqual(0.8);
  });

  it('grades excellent work in the student’s own words as competent (65 % or more)', () => {
    // Including the binary search that never says "binary" or "search": its code does the task.
    const paraphrases = everything().filter((g) => g.submission.kind === 'paraphrase');
    for (const g of paraphrases) expect(percentOf(g), g.assignment.key).toBeGreaterThanOrEqual(65);
  });
});
