import { describe, expect, it } from 'vitest';
import { assignmentProfile } from './assignment-profile';
import { textUnits } from './text-units';
import { assessTopic } from './topic';
import { WordMatcher } from './word-match';

/** The topic check of an assignment, as a function of the work's text. */
const topicIn = (assignment: Parameters<typeof assignmentProfile>[0]) => (text: string) =>
  assessTopic(textUnits(text), assignmentProfile(assignment), new WordMatcher());

const topic = topicIn({
  title: 'Short answer: why did the French Revolution break out in 1789?',
  description:
    'Explain why revolution broke out in France in 1789. Refer to events, people and dates.',
  rubricMarkdown: null,
  totalPoints: 40,
});

describe('Topic: does the work answer this assignment?', () => {
  it('is on topic when the work is about the assignment’s subject', () => {
    const result = topic(
      'The French Revolution broke out in 1789 because the monarchy was bankrupt, so Louis XVI called the Estates-General. Hungry Parisians stormed the Bastille in July 1789.',
    );
    expect(result.factor).toBe(1);
  });

  it('is off topic for a good answer to a neighbouring question, and names what is missing', () => {
    const result = topic(
      'The First World War broke out in 1914 because of alliances, militarism and nationalism. Archduke Franz Ferdinand was assassinated in Sarajevo.',
    );
    expect(result.factor).toBe(0);
    expect(result.missing).toContain('revolution');
    expect(result.missing).toContain('1789');
  });
});

describe('Topic: the period the work is about', () => {
  const topicOf = topicIn({
    title: 'The causes of the First World War',
    description:
      'Why did war break out in Europe in 1914? Weigh the long-term causes against the assassination in Sarajevo.',
    rubricMarkdown: null,
    totalPoints: 40,
  });

  it('is off topic for an answer dated to another period, though it shares the title’s words', () => {
    const result = topicOf(
      'The Second World War began in September 1939 when Germany invaded Poland. Hitler remilitarised the Rhineland in 1936 and annexed Austria in 1938. The main causes of the war were his aims and the failure of appeasement.',
    );
    expect(result.factor).toBe(0);
    expect(result.otherPeriod).toEqual([1936, 1938, 1939]);
  });

  it('reads the work’s own dates, not the years of the books it cites', () => {
    const result = topicOf(
      'The long-term causes of the First World War, militarism and the alliances, weigh more than the assassination in Sarajevo, which only set off a war in Europe the great powers had long prepared for (Clark, published in 2012; MacMillan, in 2013; Strachan, in 2001).',
    );
    expect(result.factor).toBeGreaterThan(0);
  });

  it('needs three dates of its own to call the work another period’s', () => {
    const result = topicOf(
      'The long-term causes of the First World War, militarism and the alliances, weigh more than the assassination in Sarajevo, which only set off a war in Europe the great powers had long prepared for, as Clark argued in 2012 and MacMillan in 2013.',
    );
    expect(result.factor).toBeGreaterThan(0);
  });

  it('does not take the length asked for ("1500-2000 words") for a period', () => {
    const essay = topicIn({
      title: 'Climate policy: carbon taxes',
      description: 'Argue for or against a carbon tax. 1500-2000 words.',
      rubricMarkdown: null,
      totalPoints: 20,
    });
    const result = essay(
      'A carbon tax puts a price on emissions. Sweden introduced one in 1991, British Columbia in 2008 and Canada nationally in 2019; emissions per head fell in each while the economies grew.',
    );
    expect(result.otherPeriod).toEqual([]);
  });

  it('takes a number with four digits for a date only when it is written as one', () => {
    const town = topicIn({
      title: 'Growth of car ownership',
      description: 'In 2020 a town had 1200 cars, and the number grows by 5 % a year. Model it.',
      rubricMarkdown: null,
      totalPoints: 20,
    });
    const result = town(
      'The number of cars in the town grows by 5 % a year: 1200 becomes 1260, then 1323, then 1389.',
    );
    expect(result.factor).toBe(1);
  });
});

describe('Topic: a rubric that spells out the subject', () => {
  const topicOf = topicIn({
    title: 'Photosynthesis: how light intensity affects the rate',
    description: 'Explain the effect and describe an experiment.',
    rubricMarkdown: `- **Explanation** (10 points): light-dependent reactions, chlorophyll, why more light gives a faster rate up to a point.
- **Fair experiment** (10 points): independent, dependent and control variables; counting oxygen bubbles or measuring gas volume; repeats.
- **Limiting factors** (10 points): the shape of the graph, the plateau, carbon dioxide or temperature as the limiting factor.`,
    totalPoints: 30,
  });

  it('counts work that covers the rubric as on topic, though it never says "photosynthesis"', () => {
    const result = topicOf(
      'A sprig of pondweed under a lamp gives off oxygen bubbles; the green pigment chlorophyll traps the light. I would count the bubbles each minute at five distances, keep the temperature as a control variable with a water screen, and repeat each count three times. The graph should climb and then reach a plateau, where carbon dioxide becomes the limiting factor rather than light.',
    );
    expect(result.factor).toBeGreaterThan(0.5);
    // The warning still names what the title asks about and the work never says.
    expect(result.missing).toContain('photosynthesis');
    expect(result.missing).not.toContain('plateau');
  });

  it('leaves an answer to another question in the same discipline off topic', () => {
    const result = topicOf(
      'Enzymes are proteins that speed up reactions. Amylase breaks starch into sugars, and we tested it with iodine at five temperatures, repeating each test. Above 40 degrees the enzyme denatured and the reaction stopped.',
    );
    expect(result.factor).toBe(0);
  });
});

describe('Topic: code that does the task names it', () => {
  const topicOf = topicIn({
    title: 'Binary search: explain, implement, analyse and test',
    description: 'Explain how binary search works and implement it.',
    rubricMarkdown: null,
    totalPoints: 50,
  });

  it('credits code that halves a range and looks an element up, whatever it is called', () => {
    const code = [
      'We keep the lowest and highest places the value could be in and look halfway between them.',
      '',
      'int find(const int *a, int n, int want) {',
      'int left = 0, right = n - 1;',
      'while (left <= right) {',
      'int centre = left + (right - left) / 2;',
      'if (a[centre] == want) return centre;',
      'if (a[centre] < want) left = centre + 1;',
      'else right = centre - 1;',
      '}',
      'return -1;',
      '}',
    ].join('\n');
    expect(topicOf(code).factor).toBe(1);
  });

  it('does not credit code for a neighbouring task (sorting by swaps)', () => {
    const code = [
      'Bubble sort swaps neighbouring values until the list is in order.',
      '',
      'def bubble_sort(values):',
      'for i in range(len(values)):',
      'for j in range(len(values) - 1 - i):',
      'if values[j] > values[j + 1]:',
      'values[j], values[j + 1] = values[j + 1], values[j]',
      'return values',
    ].join('\n');
    expect(topicOf(code).factor).toBe(0);
  });
});

describe('Topic: a rich description names the subject by itself', () => {
  // A word problem titled in words a solution need not use: its people, places and numbers
  // are the subject.
  const topicOf = topicIn({
    title: 'Word problem: when do the two trains cross?',
    description:
      'Two stations are 90 km apart. Mia leaves station A at 8:00 and travels towards station B at 40 km/h. Tom leaves station B at 8:30 and travels towards station A at 50 km/h. Find when they pass and how far from station A.',
    rubricMarkdown: null,
    totalPoints: 20,
  });

  it('is on topic for a solution in other words that works with the problem’s people and numbers', () => {
    const result = topicOf(
      'Let h be the hours after 8:00. Mia has gone 40h km; Tom starts half an hour later, so he has gone 50(h - 0.5) km. They are level when 40h + 50(h - 0.5) = 90, so 90h = 115 and h = 1.28, at about 9:17, 51 km from station A. Check: Tom has gone 50 x 0.78 = 39 km, and 51 + 39 = 90.',
    );
    expect(result.factor).toBe(1);
  });

  it('is still off topic for work that shares only a few of its words', () => {
    const result = topicOf(
      'My phone plan costs 40 a month and the other one costs 50, so over a year the cheaper plan saves 120. I would choose the first plan because I travel a lot and need the data.',
    );
    expect(result.factor).toBe(0);
  });
});

describe('Topic: a list of figures the work picks from (decision 068)', () => {
  // Twelve values to choose from: a solution names the one or two it uses, not the list.
  const topicOf = topicIn({
    title: 'A resistor for a bike light',
    description:
      'A bike light runs from a 6 V pack. Its lamp takes 2.5 V at 25 mA. Resistors come in 100, 120, 150, 180, 220, 270, 330, 390, 470, 560, 680 and 820 ohms. Choose one and give the current.',
    rubricMarkdown: null,
    totalPoints: 20,
  });

  it('counts the list as named by the one value the work chose', () => {
    const profile = assignmentProfile({
      title: 'A resistor for a bike light',
      description: 'Resistors come in 100, 120, 150 and 180 ohms, and cost £1, £2 or £3.',
      rubricMarkdown: null,
      totalPoints: 20,
    });
    expect(profile.subject.numberLists).toEqual([
      ['100', '120', '150', '180'],
      ['1', '2', '3'],
    ]);
    const chose = topicOf(
      'The pack gives 6 V and the lamp keeps 2.5 V, so the resistor takes 3.5 V. At 25 mA that needs 140 ohms, and 150 is the nearest value above it.',
    );
    const none = topicOf(
      'The pack gives 6 V and the lamp keeps 2.5 V, so the resistor takes 3.5 V. At 25 mA that needs 140 ohms, so I would pick the next value up.',
    );
    expect(chose.share).toBeGreaterThan(none.share);
    // The other eleven values are not missing from a solution that chose one of them.
    expect(chose.missing.filter((term) => /^\d{3}$/.test(term))).toEqual([]);
    expect(none.missing).toContain('100');
  });

  it("counts a table's figures as one list: a warning names the subject, not the data", () => {
    const river = topicIn({
      title: 'The Holme Beck storm hydrograph',
      description: `Rainfall and discharge of Holme Beck during a storm.

| Time | Rainfall (mm) | Discharge (m3/s) |
| --- | --- | --- |
| 08:00 | 4 | 3.0 |
| 12:00 | 18 | 6.0 |
| 18:00 | 0 | 22.0 |

Calculate the lag time.`,
      rubricMarkdown: null,
      totalPoints: 20,
    });
    const result = river('The rain was heaviest at 12:00 and the river peaked at 18:00.');
    expect(result.missing.slice(0, 2)).toEqual(['holme', 'beck']);
    expect(result.missing.filter((term) => /^\d/.test(term))).toEqual([]);
  });

  it('reads "2.5" and "2.50" as one figure', () => {
    const result = topicOf('The lamp takes 2.50 V and 25 mA from the 6 V pack.');
    expect(result.missing).not.toContain('2.5');
  });
});

describe('Topic: what the rubric says the work is about', () => {
  const topicOf = topicIn({
    title: 'The water cycle',
    description:
      'Write a short report explaining how water moves through the water cycle, with at least one real-world example.',
    rubricMarkdown: `## Evaporation (4 points)
Explains how the energy of the sun turns water from oceans and lakes into vapour.

## Condensation and precipitation (4 points)
Explains how vapour cools to form clouds and falls as rain or snow.

## Clarity and example (2 points)
Clearly organised, with a relevant real-world example from the student's own region.`,
    totalPoints: 10,
  });

  it('counts the content criteria, not the words of a criterion on how the work is written', () => {
    // On topic in the student's own words: it never says "cycle", "evaporation", "condensation",
    // "organised", "region" or "real-world".
    const result = topicOf(
      'The sun heats the sea and lakes, and the warm water escapes into the air as vapour. The damp air rises and cools, the vapour turns into droplets, and the droplets gather as clouds until they fall as rain, or as snow when it is cold.',
    );
    expect(result.factor).toBe(1);
  });

  it('is still off topic for the same discipline on another subject', () => {
    const result = topicOf(
      'Plates of the crust move slowly over the mantle. Where two plates meet, one sinks beneath the other, and the friction builds until an earthquake releases it.',
    );
    expect(result.factor).toBe(0);
  });
});

describe('Topic: what the assignment keeps coming back to', () => {
  const topicOf = topicIn({
    title: 'Practical write-up: light intensity and the rate of photosynthesis',
    description:
      'Write up the pondweed practical: what you predicted, how you did it, what your results show and how it could be improved.',
    rubricMarkdown: `- **Prediction and variables** (6 points): a prediction with a reason; the independent, dependent and control variables.
- **Method** (8 points): the distance of the lamp, counting bubbles, timing, repeats, a heat shield.
- **Results and analysis** (10 points): a table of bubbles at each distance, the pattern, light as the limiting factor.
- **Evaluation** (6 points): bubble size, heat from the lamp, other light in the room; improvements.`,
    totalPoints: 30,
  });

  it('is on topic for a write-up in the student’s own words that names the things it is about', () => {
    const result = topicOf(
      'I thought the weed would give off gas faster the nearer the lamp was, since plants use the energy in light to build sugar. I moved the lamp from 50 cm to 10 cm, counted the bubbles for a minute three times at each distance, and stood the tube in water so the bulb would not heat it. Nearer the lamp the bubbles came six times as fast, until something other than the brightness held it back.',
    );
    expect(result.factor).toBe(1);
  });

  it('is off topic for a write-up of another practical, though it has every part the rubric names', () => {
    const result = topicOf(
      'Prediction: more sugar makes yeast respire faster. The independent variable was the mass of sugar, the dependent variable the volume of carbon dioxide and the control variables the yeast and the water bath. Method: I timed five minutes and repeated each mass twice. Results: the volume rose with the sugar until the yeast became the limiting factor. Evaluation: gas escaped round the bung.',
    );
    // Its method words ("timed", "repeated", "limiting factor") are the rubric's too: a sliver.
    expect(result.factor).toBeLessThan(0.1);
    expect(result.missing).toContain('photosynthesis');
  });
});

describe('Topic: a criterion named for a part of the work, or for its subject', () => {
  const profile = assignmentProfile({
    title: 'The water cycle',
    description: 'Explain how water moves between the sea, the air and the land.',
    rubricMarkdown: `- **Evaporation** (5 points): the sun heats the sea and water becomes vapour.
- **Method** (5 points): how you would show evaporation in a dish of water.
- **Conclusion** (5 points): what the cycle means for rainfall.`,
    totalPoints: 15,
  });

  it('keeps the subject a criterion is named for, and leaves out the parts every answer has', () => {
    expect(profile.subject.rubric.has('evaporation')).toBe(true);
    expect(profile.subject.core.has('evaporation')).toBe(true);
    expect(profile.subject.rubric.has('method')).toBe(false);
    expect(profile.subject.rubric.has('conclusion')).toBe(false);
  });
});
