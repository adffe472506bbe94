// How sure the offline grader is: more developed work to judge and a rubric with its own points
// make it surer; a borderline topic, gaming signs or a guessed rubric make it less so. It never
// claims the certainty of a teacher.
import type { ParsedRubric } from '@domain/rubric';
import { CALIBRATION as C } from './calibration';
import type { Reading } from './reading';

const BASE = 0.3;
const EVIDENCE = 0.3;
const OWN_POINTS = 0.1;
const DOUBT = 0.1;
const RANGE = { min: 0.2, max: 0.8 } as const;

export function confidenceOf(reading: Reading, rubric: ParsedRubric, gaming: boolean): number {
  const mass = reading.units.reduce((acc, u) => acc + u.value, 0);
  const evidence = Math.min(1, mass / (C.massPerWord * reading.expectedWords));
  let value = BASE + EVIDENCE * evidence;
  if (rubric.source === 'rubric' && !rubric.scaled) value += OWN_POINTS;
  if (reading.topic.factor > 0 && reading.topic.factor < 1) value -= DOUBT;
  if (gaming) value -= DOUBT;
  return Math.round(Math.min(RANGE.max, Math.max(RANGE.min, value)) * 100) / 100;
}
