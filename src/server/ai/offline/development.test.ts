import { describe, expect, it } from 'vitest';
import { assignmentProfile } from './assignment-profile';
import { substanceOf } from './development';
import { textUnits } from './text-units';

const profile = assignmentProfile({
  title: 'Lab report: the effect of temperature on catalase activity',
  description:
    'Investigate how temperature affects the rate at which catalase breaks down hydrogen peroxide.',
  rubricMarkdown: null,
  totalPoints: 40,
});
const substance = (...sentences: string[]) => {
  const seen = new Map<string, number>();
  return textUnits(sentences.join('\n')).map((u) => substanceOf(u, profile, seen));
};

describe('Development: specific content counts, mentions and filler do not', () => {
  it('values a specific sentence above a generic one', () => {
    const [specific, generic] = substance(
      'Above 40 C the active site lost its shape, so the denatured enzyme could not bind peroxide.',
      'Temperature is very important and it is important in many experiments.',
    );
    expect(specific).toBeGreaterThan(0.8);
    expect(generic).toBeLessThan(0.5);
    expect(specific).toBeGreaterThan(2 * generic!);
  });

  it('gives a platitude little, however many topic words it holds', () => {
    const [platitude, claim] = substance(
      'Catalase and temperature are very important in biology experiments.',
      'Catalase from potato released 15 cm3 of oxygen at 40 C but only 2 cm3 at 60 C.',
    );
    expect(platitude).toBeLessThan(claim! / 2);
  });

  it('reads "is a very interesting topic" as a platitude, and "is a good catalyst" as content', () => {
    const [topic, question, catalyst] = substance(
      'Enzyme kinetics is a very important topic in everyday life and in laboratories worldwide.',
      'Why catalase slows down above forty degrees is a really interesting question.',
      'Manganese dioxide is a good catalyst for breaking down peroxide into water and oxygen.',
    );
    expect(topic).toBeLessThan(0.5);
    expect(question).toBeLessThan(0.5);
    expect(catalyst).toBeGreaterThan(2 * Math.max(topic!, question!));
    const [always, figure] = substance(
      'Catalase has always been such an interesting and important subject for biologists.',
      'Catalase activity is a big issue in brewing, where 40 per cent of the yeast is affected.',
    );
    expect(always).toBeLessThan(0.5);
    expect(figure).toBeGreaterThan(0.5);
  });

  it('credits a word used again less each time', () => {
    const [first, , third] = substance(
      'Catalase denaturation was rapid at 60 C in the boiled potato discs.',
      'Catalase denaturation was rapid at 60 C in the boiled potato discs.',
      'Catalase denaturation was rapid at 60 C in the boiled potato discs.',
    );
    expect(third).toBeLessThan(first!);
  });

  it('counts a run of numbers as one piece of information, not many', () => {
    const [run] = substance('It works on 1, 2, 3, 4, 5, 6, 7, 8.');
    const [pair] = substance('It works on 1 and 2.');
    expect(run).toBeCloseTo(pair!, 5);
  });

  it('weighs a line of code or working as a step of the work', () => {
    const [code, data] = substance('mid = low + (high - low) // 2', '0.08m = 18');
    expect(code).toBeGreaterThan(0);
    expect(data).toBeGreaterThanOrEqual(code!);
  });
});
