import { describe, expect, it } from 'vitest';
import {
  evaluate,
  falseCalculations,
  givenFiguresUsed,
  hasUnknown,
  showsWorking,
} from './working-check';

describe('Working check: stated results against the shown working', () => {
  it('finds a stated result the calculation does not give', () => {
    expect(falseCalculations('x = 15 / 3 = 6')).toEqual([{ text: '15 / 3 = 6', value: 5 }]);
    expect(falseCalculations('It costs 12 + 0.08 x 150 = 25 dollars.')).toHaveLength(1);
    expect(falseCalculations('(so 12 + 8 = 21)')).toHaveLength(1);
  });

  it('accepts right results, chains, money, thousands, rounding and cut decimals', () => {
    for (const line of [
      'C_A = 12 + 0.08 x 150 = 12 + 12 = $24, while C_B = $30.',
      'Grass seed covers 30 m2 per box, so we need 121.1 / 30 = 4.04 boxes.',
      '1,000,000 / 1,000 = 1,000',
      '2 / 3 = 0.66',
      '22 / 7 = 3.14',
      '12 + 0.08(150) = $24',
      'Ana has ridden 18 x 2.2 = 39.6 km by then.',
    ]) {
      expect(falseCalculations(line), line).toEqual([]);
    }
  });

  it('accepts a result given in the unit it is read in, and still finds a slip (decision 068)', () => {
    for (const line of [
      '330 ohms would give 7 / 330 = 21 mA, which is too much.',
      'I = (7 - 2) / 390 = 12.8 mA',
      '3 / 4 = 75% of the class',
      'P = 1500 x 2 = 3 kW',
    ]) {
      expect(falseCalculations(line), line).toEqual([]);
    }
    expect(falseCalculations('7 / 330 = 21 A')).toEqual([{ text: '7 / 330 = 21', value: 0.0212 }]);
    expect(falseCalculations('2 x 3 = 6000 marks')).toHaveLength(1);
    // A prefix only where a result of that size is written in it; areas and speeds scale otherwise.
    for (const slip of [
      'Total current = 12 + 8 = 20000 mA',
      'Distance = 60 x 2.5 = 0.15 km',
      '12 / 30 x 100 = 4000%',
      'Area = 2.5 x 4 = 1000 cm2',
      'v = 100 / 20 = 5000 ms-1',
    ]) {
      expect(falseCalculations(slip), slip).toHaveLength(1);
    }
    expect(falseCalculations('E = 1500 x 2 = 3 kWh')).toEqual([]);
  });

  it('leaves alone what it cannot read for sure: symbols, unknowns, code comparisons', () => {
    for (const line of [
      'Area of the semicircle = (1/2) x pi x 4^2 = 8 pi, about 25.1 m2.',
      '12 + 0.08m = 30',
      'assert f([4], 4) == 0',
      'while (lo <= hi) {',
      'int left = 0, right = n - 1;',
      'The loop stops when 2^k = n.',
    ]) {
      expect(falseCalculations(line), line).toEqual([]);
    }
  });

  it('tells an equation with an unknown from a tried number', () => {
    expect(hasUnknown('12 + 0.08m = 30')).toBe(true);
    expect(hasUnknown('18t + 12(t - 0.5) = 60')).toBe(true);
    expect(hasUnknown('Plan A: cost = 12 + 0.08 x minutes.')).toBe(true);
    expect(hasUnknown('100 minutes: Plan A = 12 + 8 = 20.')).toBe(false);
    expect(hasUnknown('We met at 9am with 10cm of rain.')).toBe(false);
  });

  it('reads arithmetic with precedence, powers, brackets and implicit times', () => {
    expect(evaluate('12 + 0.08 * 150')).toBeCloseTo(24);
    expect(evaluate('2^3^2')).toBe(512);
    expect(evaluate('-(3 - 5) * 2')).toBe(4);
    expect(evaluate('12(2.2 - 0.5)')).toBeCloseTo(20.4);
    expect(evaluate('3 +')).toBeNull();
  });
});

describe('Working check: a line that works something out', () => {
  it('finds working in symbols and in words', () => {
    for (const line of [
      'R = V / I = 7 / 0.02 = 350 ohms.',
      'Voltage across the resistor = 9 - 2 = 7 V.',
      'The median is (225,000 + 232,000) / 2.',
      'P = 7 x 0.0179, about 0.13 W.',
      'So 12 + 0.08m = 30.',
      '7 volts divided by 0.02 amps gives 350 ohms.',
      '3 times 4 is 12.',
      'Dividing the 7 volts by 0.02 amps gives 350 ohms.',
      'Subtract 2 from 9 and the resistor is left with 7 V.',
      'That is 12 plus 0.08 for each of the 150 minutes, which comes to 24.',
      // From the review of decision 068: units, brackets, fractions, words, a spreadsheet.
      'F = ma = 2 kg x 3 m/s2 = 6 N',
      'V = 9 V \u2212 2 V = 7 V',
      'Break-even = 6000/(10-6) = 1500 units',
      'n = 2.50 g \u00f7 100 g mol-1 = 0.025 mol',
      'x = 12/0.08',
      '$R = \\frac{7}{0.02} = 350\\,\\Omega$',
      'Half of 18 is 9, and 20 per cent of 80 is 16.',
      'Seven divided by 0.02 is 350.',
      'In cell E2 I used the formula =B2+C2+D2 to add up the cost.',
    ]) {
      expect(showsWorking(line), line).toBe(true);
    }
  });

  it('finds none in figures that are not worked: dates, ranges, results stated alone', () => {
    for (const line of [
      'Nick Holonyak made the first visible LED in 1962, and by the 1970s they were everywhere.',
      'The war of 1914-18 and the years 1939-45.',
      'I chose 390 ohms, which gives about 18 mA.',
      'The essay was handed in on 12/05/2023.',
      'We trained 3 times a week for 6 weeks.',
      'There are multiple reasons, and 2 of them matter in 1914.',
      'Divide the class into 4 groups.',
      'Avogadro\u2019s number of particles in a mole is 6.02 x 10^23.',
    ]) {
      expect(showsWorking(line), line).toBe(false);
    }
  });
});

describe('Working check: the figures an assignment gives, used in the working', () => {
  const heater = [['12'], ['4'], ['300'], ['21'], ['36.5'], ['900']];

  it('counts each given figure the working writes, once however often', () => {
    expect(givenFiguresUsed(heater, ['12', '4', '300', '14400', '12', '36.5', '21', '15.5'])).toBe(
      5,
    );
    expect(givenFiguresUsed(heater, ['2000', '90', '180000', '20', '80', '4500', '4200'])).toBe(0);
  });

  it('reads a figure at another scale of its unit: thousands, kilo, milli', () => {
    const prices = [['185000', '198000', '225000', '232000'], ['388000'], ['240000']];
    expect(givenFiguresUsed(prices, ['185', '198', '225', '232', '228.5', '388'])).toBe(2);
    expect(givenFiguresUsed([['1500'], ['20']], ['1.5', '0.02'])).toBe(2);
  });

  it('reads a time of day in hours, as a lag time is worked out', () => {
    const storm = [['10:00'], ['16:00'], ['22'], ['42']];
    expect(givenFiguresUsed(storm, ['16', '10', '6', '22'])).toBe(3);
    expect(givenFiguresUsed(storm, ['16:00', '10:00'])).toBe(2);
  });

  it('does not take the same digits at ten times or a tenth for the same figure', () => {
    expect(givenFiguresUsed([['120'], ['0.25'], ['2']], ['12', '2.5', '4.8', '30'])).toBe(0);
  });

  it('counts a list of figures to choose from as one, however many are used', () => {
    const led = [['330', '390', '470'], ['9'], ['2'], ['20']];
    expect(givenFiguresUsed(led, ['330', '390', '470'])).toBe(1);
    expect(givenFiguresUsed(led, ['9', '2', '7', '0.02', '350', '390'])).toBe(4);
  });
});
