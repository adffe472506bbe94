import { describe, expect, it } from 'vitest';
import { textUnits } from './text-units';
import { movesOf, movesWanted } from './work-moves';

const moves = (text: string) => movesOf(textUnits(text)[0]!);

describe('The moves a teacher recognises', () => {
  it('sees a stance, an opposing view and a reason in everyday words', () => {
    expect(moves('I think the school day should begin at 9:30.')).toContain('stance');
    expect(moves('Some parents worry that sports practice would end too late.')).toContain(
      'counter',
    );
    expect(moves('Tired students forget more, because memory needs sleep.')).toContain('reasoning');
  });

  it('sees evidence, an evaluation, a check and a cost', () => {
    expect(moves('A 2016 study in Seattle found students slept 34 minutes more.')).toContain(
      'specifics',
    );
    expect(moves('Some gas escaped before the bung was fitted, a source of error.')).toContain(
      'evaluation',
    );
    expect(moves('assert reverse(None) is None')).toEqual(['code', 'checking']);
    expect(moves('Each step halves the range, so the search takes O(log n) time.')).toContain(
      'cost',
    );
  });

  it('reads what a criterion asks for from its name and description', () => {
    expect(
      movesWanted('Counterargument and rebuttal: presents the strongest opposing view'),
    ).toEqual(new Set(['counter']));
    expect(movesWanted('Correctness')).toContain('code');
    expect(movesWanted('Tests')).toContain('checking');
    expect(movesWanted('Complexity')).toContain('cost');
  });

  it('asks for names and figures where the criterion asks for facts, not for "specific" anything', () => {
    expect(movesWanted('Evidence: specific facts, dates and sources')).toContain('specifics');
    // Any sentence with a number or a name is not an evaluation of a practical.
    const evaluation = movesWanted(
      'Evaluation: the main sources of error, how reliable the results are, and specific improvements',
    );
    expect(evaluation).toContain('evaluation');
    expect(evaluation).not.toContain('specifics');
    expect(movesWanted('lymphocytes make specific antibodies')).not.toContain('specifics');
    expect(movesWanted('Sources of random error and their size')).not.toContain('specifics');
  });

  it('tells an equation with an unknown from a number tried out', () => {
    expect(moves('12 + 0.08m = 30')).toEqual(['data', 'equation']);
    expect(moves('Plan A charges $12 plus 8 cents a minute, so its bill is 12 + 0.08t.')).toContain(
      'equation',
    );
    expect(moves('200 minutes: Plan A = 12 + 16 = 28.')).not.toContain('equation');
    const wanted = movesWanted('Equations: sets up a correct equation for each plan');
    expect(wanted).toContain('equation');
    expect(wanted).not.toContain('data');
  });
});
