// The letters that name the parts of a figure in geometry ("angle B", "line DE", "triangle ABC").
// A step of a proof applies the rubric's facts to the student's own figure, in the rubric's
// words: the letters are what it adds, as a number is what a step of working adds.

const FIGURE_PARTS = new Set(
  `line side segment angle triangle point vertex ray arc chord edge polygon square rectangle
  quadrilateral circle`.split(/\s+/),
);
const NAMED_PART = /\b([A-Za-z]+?)s?\s+([A-Z]{1,4})\b/g;
// "The side I agree with", "at this point I show": "I" names the writer, not a point.
const NOT_A_LABEL = new Set(['I']);
/** An assignment about a figure names one of these; "a line of argument" alone does not. */
const ABOUT_A_FIGURE =
  /\b(?:angles?|triangles?|vertex|vertices|polygons?|quadrilaterals?|parallelograms?|rectangles?|circles?|chords?|geometry|diagram)\b/i;

/** The letters naming parts of a figure in `text`, as written: "angle B" -> "B". */
export function figureLabelsIn(text: string): string[] {
  const labels: string[] = [];
  for (const [, part, label] of text.matchAll(NAMED_PART)) {
    if (FIGURE_PARTS.has(part!.toLowerCase()) && !NOT_A_LABEL.has(label!)) labels.push(label!);
  }
  return labels;
}

export function isAboutAFigure(assignmentText: string): boolean {
  return ABOUT_A_FIGURE.test(assignmentText);
}
