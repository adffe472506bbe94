import { describe, expect, it } from 'vitest';
import { distribute, OVERALL_CRITERION, parseRubric, type ParsedRubric } from './rubric';

const pointsOf = (parsed: ParsedRubric) => parsed.criteria.map((c) => [c.name, c.maxPoints]);
const sumOf = (parsed: ParsedRubric) => parsed.criteria.reduce((acc, c) => acc + c.maxPoints, 0);

describe('parseRubric: rubric styles', () => {
  it('reads headings with "(N points)" and keeps the bullets under them as the description', () => {
    const parsed = parseRubric(
      `## Problem analysis (20 points)
- Identifies inputs and outputs
- Lists edge cases

## Prompt design (30 points)
Prompts state constraints.`,
      50,
    );
    expect(parsed).toMatchObject({ source: 'rubric', scaled: false });
    expect(parsed.criteria).toEqual([
      {
        name: 'Problem analysis',
        maxPoints: 20,
        description: 'Identifies inputs and outputs\nLists edge cases',
      },
      { name: 'Prompt design', maxPoints: 30, description: 'Prompts state constraints.' },
    ]);
  });

  it('reads headings with a dash and "pts" or "points" after the name', () => {
    const parsed = parseRubric('### Tests — 10 pts\nCovers edge cases\n### Report - 15 points', 25);
    expect(pointsOf(parsed)).toEqual([
      ['Tests', 10],
      ['Report', 15],
    ]);
    expect(parsed.criteria[0]!.description).toBe('Covers edge cases');
  });

  it('reads a bold name before a colon, with its description and the points at the end', () => {
    const parsed = parseRubric(
      `- **Manufacture and cost**: how the box is made in large numbers, and what it costs (6 marks)
- **End of life** - what happens to the box when it is thrown away (4 marks)`,
      10,
    );
    expect(parsed.criteria).toEqual([
      {
        name: 'Manufacture and cost',
        maxPoints: 6,
        description: 'how the box is made in large numbers, and what it costs',
      },
      {
        name: 'End of life',
        maxPoints: 4,
        description: 'what happens to the box when it is thrown away',
      },
    ]);
  });

  it('reads a colon inside the bold name, and keeps a bold part label with what it names', () => {
    const parsed = parseRubric(
      `- **Thesis:** a clear, arguable claim (10 points)
- **Part A**: Method (5 points)
- Use **evidence**: quotations from the text (5 points)`,
      20,
    );
    expect(parsed.criteria.map((c) => [c.name, c.description])).toEqual([
      ['Thesis', 'a clear, arguable claim'],
      ['Part A: Method', ''],
      ['Use evidence: quotations from the text', ''],
    ]);
  });

  it('reads a checklist: the task box, ticked or not, is not part of the name', () => {
    const parsed = parseRubric(
      `Tick each question off before you hand in.

- [ ] **Properties**: Have you named a specific material? (8 marks)
- [x] Testing (2 marks): edge cases checked`,
      10,
    );
    expect(parsed.criteria.map((c) => [c.name, c.maxPoints, c.description])).toEqual([
      ['Properties', 8, 'Have you named a specific material?'],
      ['Testing', 2, 'edge cases checked'],
    ]);
  });

  it('reads list items in every common notation', () => {
    const parsed = parseRubric(
      `- Correctness (10 pts)
1. Style: 5 points
- **Docs** [5]
- Tests x/10
* Demo __/5
2) 5 marks: Teamwork — works with others`,
      40,
    );
    expect(pointsOf(parsed)).toEqual([
      ['Correctness', 10],
      ['Style', 5],
      ['Docs', 5],
      ['Tests', 10],
      ['Demo', 5],
      ['Teamwork', 5],
    ]);
    expect(parsed.criteria[5]!.description).toBe('works with others');
  });

  it('keeps the text after the points and nested lines as the description', () => {
    const parsed = parseRubric(
      `- Correctness (10 pts): works on every input
  - including empty files
- Style (10 pts)
    Readable names.`,
      20,
    );
    expect(parsed.criteria.map((c) => c.description)).toEqual([
      'works on every input\nincluding empty files',
      'Readable names.',
    ]);
  });

  it('reads a table with the points column in any position and any header case', () => {
    const pointsFirst = parseRubric(
      `| PTS | Criterion | Notes |\n|--:|---|---|\n| 20 | Analysis | depth |\n| 30 | Code | runs |`,
      50,
    );
    expect(pointsOf(pointsFirst)).toEqual([
      ['Analysis', 20],
      ['Code', 30],
    ]);
    expect(pointsFirst.criteria[0]!.description).toBe('depth');
    const scoreMiddle = parseRubric(
      `| Area | Score | Descriptor |\n|---|---|---|\n| Content | 0-6 | ideas |\n| Form | 4 pts | layout |`,
      10,
    );
    expect(pointsOf(scoreMiddle)).toEqual([
      ['Content', 6],
      ['Form', 4],
    ]);
    const marks = parseRubric(`| Marks | Part |\n|---|---|\n| x/8 | Essay |\n| 2 | Quiz |`, 10);
    expect(pointsOf(marks)).toEqual([
      ['Essay', 8],
      ['Quiz', 2],
    ]);
  });

  it('ignores a Total row or line', () => {
    const table = parseRubric(
      `| Criterion | Points |\n|---|---|\n| Design | 6 |\n| Build | 4 |\n| **Total** | **10** |`,
      10,
    );
    expect(pointsOf(table)).toEqual([
      ['Design', 6],
      ['Build', 4],
    ]);
    const list = parseRubric('- Design (6 pts)\n- Build (4 pts)\n\n**Total: 10 points**', 10);
    expect(pointsOf(list)).toEqual([
      ['Design', 6],
      ['Build', 4],
    ]);
  });

  it('reads percentages as weights', () => {
    const parsed = parseRubric('- Content (60%)\n- Presentation (40%)', 50);
    expect(pointsOf(parsed)).toEqual([
      ['Content', 30],
      ['Presentation', 20],
    ]);
  });

  it('uses the criteria under a rubric title, but keeps sub-items of a real criterion', () => {
    const titled = parseRubric(
      '# Grading rubric (100 points)\n## Part A (40 points)\n## Part B (60 points)',
      100,
    );
    expect(pointsOf(titled)).toEqual([
      ['Part A', 40],
      ['Part B', 60],
    ]);
    const nested = parseRubric(
      '## Code (60 points)\n- Correctness (40 pts)\n- Style (20 pts)\n## Report (40 points)',
      100,
    );
    expect(pointsOf(nested)).toEqual([
      ['Code', 60],
      ['Report', 40],
    ]);
    expect(nested.criteria[0]!.description).toBe('Correctness (40 points)\nStyle (20 points)');
  });

  it('ignores code blocks and keeps criterion names unique', () => {
    const parsed = parseRubric(
      '```\n- Fake (100 points)\n```\n- Tests (5 pts)\n- Tests (5 pts)',
      10,
    );
    expect(pointsOf(parsed)).toEqual([
      ['Tests', 5],
      ['Tests (2)', 5],
    ]);
  });
});

describe('parseRubric: totals and scaling', () => {
  it('scales points that do not add up to the total, in half-point steps', () => {
    const parsed = parseRubric('- A (10 pts)\n- B (10 pts)\n- C (10 pts)', 100);
    expect(parsed.scaled).toBe(true);
    expect(pointsOf(parsed)).toEqual([
      ['A', 33.5],
      ['B', 33.5],
      ['C', 33],
    ]);
    expect(sumOf(parsed)).toBe(100);
  });

  it('scales a rubric written for a different total and keeps the proportions', () => {
    const parsed = parseRubric('## Essay (30 points)\n## Quiz (20 points)', 20);
    expect(parsed.scaled).toBe(true);
    expect(pointsOf(parsed)).toEqual([
      ['Essay', 12],
      ['Quiz', 8],
    ]);
  });

  it('splits a total exactly even when every share is tiny', () => {
    const shares = distribute(Array(12).fill(1), 5);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(5);
    expect(shares.every((s) => s >= 0 && Number.isInteger(s * 2))).toBe(true);
    expect(distribute([1, 2, 1], 10)).toEqual([2.5, 5, 2.5]);
  });
});

describe('parseRubric: without a usable rubric', () => {
  it("weights the description's list items equally", () => {
    const parsed = parseRubric(
      null,
      100,
      `## Task\nModel the campus as a graph.\n\n1. \`bfs(graph, start)\` returns vertices in breadth-first order.\n2. **DFS**: iterative, with an explicit stack.\n3. Shortest path - fewest edges, or None.\n\nSubmit one PDF.`,
    );
    expect(parsed.source).toBe('description');
    expect(pointsOf(parsed)).toEqual([
      ['Bfs(graph, start) returns vertices in breadth-first order', 33.5],
      ['DFS', 33.5],
      ['Shortest path', 33],
    ]);
    expect(parsed.criteria[1]!.description).toBe('DFS: iterative, with an explicit stack.');
  });

  it("prefers the description's headings, skipping framing ones such as Overview", () => {
    const parsed = parseRubric(
      '',
      30,
      '## Overview\nIntro.\n## Data collection\nSurvey ten people.\n## Analysis\n- chart\n- mean',
    );
    expect(parsed.source).toBe('description');
    expect(parsed.criteria).toEqual([
      { name: 'Data collection', maxPoints: 15, description: 'Survey ten people.' },
      { name: 'Analysis', maxPoints: 15, description: 'chart\nmean' },
    ]);
  });

  it('uses a rubric without points by its structure', () => {
    const parsed = parseRubric('- **Accuracy**: facts are right\n- **Sources**: cited', 10);
    expect(parsed).toMatchObject({ source: 'rubric', scaled: false });
    expect(pointsOf(parsed)).toEqual([
      ['Accuracy', 5],
      ['Sources', 5],
    ]);
  });

  it('falls back to one overall criterion worth the total', () => {
    const parsed = parseRubric(null, 20, 'Write about your summer.');
    expect(parsed).toEqual({
      criteria: [
        { name: OVERALL_CRITERION, maxPoints: 20, description: 'Write about your summer.' },
      ],
      source: 'overall',
      scaled: false,
    });
    expect(parseRubric('   ', 10, null).criteria).toEqual([
      { name: OVERALL_CRITERION, maxPoints: 10, description: '' },
    ]);
  });

  it.each([
    '}{][)(',
    '#####\n###',
    '(((10 points',
    '| | |\n|---|---|\n| | |',
    '0 points\n- (0 pts)',
    'x'.repeat(50_000),
    '- A (9999 points)\n- B (0.001 pts)',
    '\u0000\u0001 - ## |',
  ])('never fails and always adds up on garbage input %#', (garbage) => {
    const parsed = parseRubric(garbage, 25, garbage);
    expect(parsed.criteria.length).toBeGreaterThan(0);
    expect(sumOf(parsed)).toBe(25);
    for (const criterion of parsed.criteria) {
      expect(criterion.maxPoints).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(criterion.maxPoints * 2)).toBe(true);
    }
  });
});
