// The rubrics a new installation ships with are the first ones a teacher grades against: each
// must parse to exactly the criteria and points its author wrote.
import { describe, expect, it } from 'vitest';
import { parseRubric, type ParsedRubric } from '@domain/rubric';
import { CS500_ASSIGNMENTS } from '../demo/assignments-cs500';
import { DSA_ASSIGNMENTS } from '../demo/assignments-dsa';

const pointsOf = (parsed: ParsedRubric) => parsed.criteria.map((c) => [c.name, c.maxPoints]);

describe('The seeded demo rubrics', () => {
  const expected: Record<string, [string, number][]> = {
    'cs500-lab1': [
      ['Problem analysis', 20],
      ['Prompt design and iteration', 30],
      ['Evaluation of model output', 25],
      ['Reflection on limitations', 15],
      ['Writing and presentation', 10],
    ],
    'cs500-design-review': [
      ['Risk analysis', 25],
      ['Test pyramid and coverage plan', 25],
      ['Evaluation of non-deterministic output', 30],
      ['Security and prompt-injection tests', 20],
    ],
    'cs500-proposal': [
      ['Problem and users', 10],
      ['Scope and milestones', 10],
      ['Architecture sketch', 10],
      ['Evaluation plan', 15],
      ['Risks and ethics', 5],
    ],
    'cs500-reflections': [
      ['Engagement with the readings', 8],
      ['Critical thinking', 8],
      ['Clarity', 4],
    ],
    'cs500-final-report': [
      ['Technical quality', 60],
      ['Evaluation and evidence', 50],
      ['Responsible AI considerations', 30],
      ['Report writing', 30],
      ['Live demo', 30],
    ],
    'dsa-hash-table': [
      ['Correctness', 20],
      ['Collision handling', 10],
      ['Resizing', 10],
      ['Complexity analysis', 5],
      ['Code quality and tests', 5],
    ],
    'dsa-graphs': [
      ['BFS implementation', 30],
      ['DFS implementation', 30],
      ['Shortest path reconstruction', 20],
      ['Complexity analysis', 10],
      ['Testing', 10],
    ],
    'dsa-heaps': [
      ['Binary heap operations', 40],
      ['Heap sort', 20],
      ['Application: top-k stream', 25],
      ['Analysis and write-up', 15],
    ],
  };

  it.each([...CS500_ASSIGNMENTS, ...DSA_ASSIGNMENTS])('parses $key', (assignment) => {
    const parsed = parseRubric(assignment.rubric, assignment.totalPoints, assignment.description);
    expect(parsed).toMatchObject({ source: 'rubric', scaled: false });
    expect(pointsOf(parsed)).toEqual(expected[assignment.key]);
    expect(parsed.criteria.every((c) => c.description.length > 0)).toBe(true);
  });

  it('keeps the words of a table row as its description', () => {
    const proposal = CS500_ASSIGNMENTS.find((a) => a.key === 'cs500-proposal')!;
    const parsed = parseRubric(proposal.rubric, proposal.totalPoints);
    expect(parsed.criteria[0]!.description).toBe(
      'A real problem, named users and why it matters to them',
    );
  });
});
