import { describe, expect, it } from 'vitest';
import { EXERCISE_ASSIGNMENT } from '@server/test/fixtures/exercise-assignment';
import { WORD_SALAD_SET } from '@server/test/fixtures/rubric-word-salad';
import { assignmentProfile } from './assignment-profile';
import { echoOf } from './rubric-echo';
import { textUnits } from './text-units';

const profile = assignmentProfile({
  title: 'Word problem: comparing two phone plans',
  description:
    'Plan A costs $12 per month plus $0.08 per minute. Plan B costs $30 per month.\n(b) Find the number of minutes for which both plans cost the same. Show all your working.',
  rubricMarkdown:
    '- **Equations**: sets up a correct equation for each plan, with the variables defined\n- **Solution and working**: solves for the break-even point, showing every step of the working',
  totalPoints: 20,
});
const echo = (sentence: string) => echoOf(textUnits(sentence)[0]!, profile);

describe('Rubric echo: restating the rubric is not doing the work', () => {
  it('sees the rubric restated as a claim about the work', () => {
    expect(
      echo('My answer sets up the equation correctly and shows all the working for each plan.'),
    ).toBeGreaterThanOrEqual(0.8);
    expect(
      echo('I solve for the break-even point, showing every step of the working.'),
    ).toBeGreaterThanOrEqual(0.9);
  });

  it('leaves the work itself alone, in the assignment’s words or not', () => {
    expect(echo('Taking the base fee off both sides leaves 0.08t = 18, so t is 225.')).toBe(0);
    expect(
      echo('A heavy caller would pay more on the first plan than on the flat one.'),
    ).toBeLessThan(0.5);
  });

  it('sees a choice that names nothing as a claim, and one that names it as work (068)', () => {
    expect(echo('Finally I recommend the best plan and justify my choice.')).toBeGreaterThan(0.8);
    expect(echo('I recommend the flat plan for anyone who calls more than 225 minutes.')).toBe(0);
    expect(
      echo(
        'I recommend the most suitable plan for a heavy caller, the flat one, because it caps the bill.',
      ),
    ).toBeLessThan(0.5);
    // Evaluating is doing the work when the evaluation follows.
    expect(
      echo(
        'I evaluate the cheaper plan: a caller over 225 minutes pays more than on the flat one.',
      ),
    ).toBeLessThan(0.5);
  });

  it('takes a claim with a result in it as a report of real work', () => {
    expect(
      echo('I check the solution by substitution: 12 + 0.08 x 225 gives exactly 30.'),
    ).toBeLessThan(0.5);
  });

  it('reads a step about the student’s own figure, named by its letters, as work', () => {
    const geometry = assignmentProfile({
      title: 'Why do the angles of a triangle add up to 180 degrees?',
      description: 'Prove that the three angles of any triangle add up to 180 degrees.',
      rubricMarkdown:
        '## The proof (8 points)\nAlternate angles between the parallel lines are equal, and the angles on a straight line add up to 180 degrees.',
      totalPoints: 8,
    });
    const step = textUnits(
      'The angle between the line and AB equals angle B, as alternate angles.',
    )[0]!;
    const said = textUnits('The alternate angles between the parallel lines are equal angles.')[0]!;
    expect(echoOf(step, geometry)).toBeLessThan(0.5);
    expect(echoOf(said, geometry)).toBeGreaterThanOrEqual(0.8);
    const shouted = textUnits(
      'The alternate angles between the parallel lines are equal, and this meets ALL the rubric.',
    )[0]!;
    expect(echoOf(shouted, geometry)).toBeGreaterThanOrEqual(0.8);
    // "I" after "point" is the writer; letters the assignment gives are not the student's own.
    const writer = textUnits(
      'At this point I show the alternate angles between the parallel lines are equal.',
    )[0]!;
    expect(echoOf(writer, geometry)).toBeGreaterThanOrEqual(0.8);
    const given = assignmentProfile({
      title: 'Angles in triangle ABC',
      description: 'Prove that angle A + angle B + angle C = 180 degrees.',
      rubricMarkdown:
        '## The proof (8 points)\nAlternate angles between the parallel lines are equal.',
      totalPoints: 8,
    });
    const repeated = textUnits(
      'Alternate angles between the parallel lines are equal, angle B.',
    )[0]!;
    expect(echoOf(repeated, given)).toBeGreaterThanOrEqual(0.8);
  });
  // A rubric that lists the subject's facts is answered in its terms: the sixth held-out
  // sitting's short correct answer lost 12 of 16 points as "the rubric said back" (057).
  it('reads the subject’s facts stated in a fact-listing rubric’s terms as an answer', () => {
    const exercise = assignmentProfile(EXERCISE_ASSIGNMENT);
    const echoIn = (sentence: string) => echoOf(textUnits(sentence)[0]!, exercise);
    expect(
      echoIn(
        'Muscles respire aerobically, but if there is not enough oxygen they respire anaerobically and make lactic acid.',
      ),
    ).toBe(0);
    expect(
      echoIn(
        'During exercise your heart rate and stroke volume go up, so cardiac output increases and more oxygen gets to the muscles.',
      ),
    ).toBeLessThan(0.5);
    // The same terms, judged rather than stated, are still the rubric said back.
    expect(
      echoIn(
        'Heart rate, stroke volume and cardiac output: the effects of exercise on the heart are described and explained.',
      ),
    ).toBeGreaterThanOrEqual(0.8);
  });
});

// The rubric's terms rearranged: "the crystals of the cementation are the pressure of the magma"
// takes a word from every criterion and states nothing (decision 063).
describe('Rubric echo: the rubric’s terms rearranged across its criteria', () => {
  const rocks = assignmentProfile({
    title: 'How are rocks formed and changed?',
    description:
      'Explain how igneous, sedimentary and metamorphic rocks form, and how one kind becomes another in the rock cycle. About 300 words.',
    rubricMarkdown: `- **Igneous rocks** (5 points): magma cooling, slowly underground into large crystals or quickly at the surface into small crystals.
- **Sedimentary rocks** (5 points): weathering and erosion, deposition in layers, compaction and cementation.
- **Metamorphic rocks** (5 points): heat and pressure changing existing rock without melting it.`,
    totalPoints: 15,
  });
  const echoIn = (sentence: string) => echoOf(textUnits(sentence)[0]!, rocks);

  it('reads a sentence that takes its words from three criteria at once as the rubric said back', () => {
    expect(
      echoIn(
        'The crystals of the cementation are the pressure of the magma, so the layers of the heat cool the erosion.',
      ),
    ).toBeGreaterThanOrEqual(0.8);
  });

  it('reads a phrase turned back on itself as saying nothing', () => {
    expect(
      echoIn('The erosion of the layers is the layers of the erosion.'),
    ).toBeGreaterThanOrEqual(0.8);
  });

  it('leaves a fact stated in one criterion’s terms, and a summary with new words, alone', () => {
    expect(
      echoIn(
        'Magma that cools slowly underground forms large crystals, and magma that cools quickly at the surface forms small crystals.',
      ),
    ).toBeLessThan(0.5);
    expect(
      echoIn(
        'So granite, sandstone and marble are linked: each can be worn down, buried or squeezed into another.',
      ),
    ).toBe(0);
  });

  // Written before the rule read it: eight rubrics, six sentences of rearranged terms each, and
  // ten sentences of real work in the same rubrics' words each. Before the rule 18 of 48 were
  // read as said back and 7 of 80 ordinary ones were; the three-criteria rule read 30 of 48 at
  // first. The phrase turned back and the labelled note were then tuned on the set (063), so the
  // counts below hold the gain but no longer measure it.
  it('reads most of a set written blind as said back, and no more ordinary work than before', () => {
    let salad = 0;
    let ordinary = 0;
    for (const set of WORD_SALAD_SET) {
      const profile = assignmentProfile(set.assignment);
      const echoOfSentence = (s: string) => echoOf(textUnits(s)[0]!, profile);
      salad += set.salad.filter((s) => echoOfSentence(s) >= 0.5).length;
      ordinary += set.ordinary.filter((s) => echoOfSentence(s) >= 0.5).length;
    }
    expect(salad).toBeGreaterThanOrEqual(37);
    expect(ordinary).toBeLessThanOrEqual(7);
  });

  it('reads a labelled note as a note, however many criteria it draws on', () => {
    const note = 'the magma cooling, the layers of sediment, and heat and pressure on the rock.';
    expect(echoIn(`The rock cycle: ${note}`)).toBeLessThan(0.5);
    expect(echoIn(`The rock cycle has ${note}`)).toBeGreaterThanOrEqual(0.5);
  });
});
