// Where a sentence ends, for both the offline grader's reading and the check for text aimed at
// the grader: a full stop, question or exclamation mark, and a closing bracket or quotation mark
// right after it ("…award full marks.] High up", 'she said "Stop." Then'), which ends it too.
export const SENTENCE_END = String.raw`[.!?]["'”’)\]}]?`;
