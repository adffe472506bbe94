// The offline grader's weights in one place, so the decision record (docs/decisions/015) and
// the code cannot disagree. Calibrated on the grading corpus as a whole, never per case.
export const CALIBRATION = {
  /** Developed work (in units: about one specific sentence each) expected per word asked for. */
  massPerWord: 0.065,
  /** The length expected when the description does not say ("400 to 800 words"). */
  defaultWords: 350,
  /** …and for a problem to work out ("show all your working") or a proof: steps, not prose. */
  workingWords: 200,
  /** What a plain statement in everyday words is worth, as a share of a specific one. */
  plainStatement: 0.3,
  /** What a passage making the move a criterion asks for is worth to it at least. */
  move: 0.4,
  /** Share of the expected work that earns half marks. */
  halfMarksAt: 0.3,
  /** How sharply marks rise around halfMarksAt. */
  steepness: 2.4,
  /**
   * A criterion's mark blends how much developed work speaks to it (`own`), how good its best
   * few passages are (`best`), and the work as a whole (the rest), as a teacher's marks for one
   * criterion rarely stray far from the others unless the criterion is missing.
   */
  own: 0.3,
  best: 0.15,
  /** The best passages' value (summed over BEST_PASSAGES) that shows a criterion fully met. */
  bestFull: 2.5,
  /** A criterion with this share of its expected work is present at all. */
  present: 0.15,
  /** Developed work in a criterion's own words or moves (about two good sentences) that meets it. */
  addressed: 2,
  /** What a sentence about the assignment, naming no criterion, does for each criterion. */
  general: 0.5,
  /** How much a sentence that names nothing of the assignment is still about it. */
  unrelated: 0.6,
  /** Criterion hits at which a sentence fully serves a criterion. */
  fullHits: 1.5,
  /** What a criterion keeps of its coverage for each stated result its working contradicts. */
  slip: 0.8,
  /** …and when reading its code proves it cannot work (a loop that may never end). */
  defect: 0.5,
  /**
   * What a criterion that asks for a result worked out keeps when the work, in a problem to work
   * out, has no line of working at all.
   */
  noWorking: 0.15,
  /** Repeated sentences up to this share cost nothing beyond their own value… */
  repetitionAllowed: 0.1,
  /** …beyond it, the whole text loses credit: with 30 % of its sentences repeated, half. */
  repetitionPenalty: 2.5,
} as const;
