// Does the code's loop make progress? The engine never runs a student's code, but a teacher
// reading it checks what can be checked by reading: a loop must change what its condition tests,
// and a loop over a range must shrink the range on every pass. Two defects are certain from the
// text alone, in any of the usual languages:
// - the loop never assigns any variable its condition tests (`while i < n:` with no `i += 1`);
// - a bound is set to a midpoint that can equal it (`lo = mid` with `mid = (lo + hi) // 2`, which
//   equals `lo` when `hi = lo + 1`; `hi = mid` too when the loop runs while `lo <= hi`): the
//   range stops shrinking and the loop never ends.
// Lines come without indentation (PDF text), so a loop's body is read as the lines after it up
// to the next function; a defect is reported only when the text proves it.

export interface CodeDefect {
  /** The line at fault, as written. */
  line: string;
  /** Why, in words for the student. */
  why: string;
}

const WHILE = /^\s*(?:}\s*)?while\s*\(?\s*(.+?)\s*\)?\s*[:{]?\s*$/;
const FUNCTION = /^\s*(?:def|function|fn|func|public|private|protected|static)\b/;
const BREAKS = /\b(?:break|return|throw|raise|exit|goto)\b/;
const IDENTIFIER = /[A-Za-z_]\w*/g;
const KEYWORDS = new Set([
  'not',
  'and',
  'or',
  'None',
  'null',
  'true',
  'false',
  'True',
  'False',
  'is',
  'len',
  'length',
  'size',
]);

/** The defects the lines of one piece of code prove, in reading order. */
export function codeDefects(lines: string[]): CodeDefect[] {
  const defects: CodeDefect[] = [];
  lines.forEach((line, at) => {
    const loop = WHILE.exec(line);
    if (!loop) return;
    const condition = loop[1]!;
    const body: string[] = [];
    for (const next of lines.slice(at + 1)) {
      if (FUNCTION.test(next)) break;
      body.push(next);
    }
    const tested = [...new Set(condition.match(IDENTIFIER) ?? [])].filter(
      (name) => !KEYWORDS.has(name) && !new RegExp(String.raw`\b${name}\s*\(`).test(condition),
    );
    if (!tested.length) return;
    const changes = (name: string) =>
      body.some(
        (l) => assigns(l, name) || new RegExp(String.raw`\b${name}\s*\.\s*\w+\s*\(`).test(l),
      );
    // A call in the condition ("while queue.pop()") may change what it tests by itself.
    const calls = /\w\s*\(/.test(condition);
    if (!calls && !tested.some(changes) && !body.some((l) => BREAKS.test(l))) {
      defects.push({
        line: line.trim(),
        why: `the loop never changes ${tested.join(' or ')}, so once it starts it never ends`,
      });
      return;
    }
    const range = /^\(?\s*([A-Za-z_]\w*)\s*(<=?)\s*([A-Za-z_]\w*)\s*\)?$/.exec(condition.trim());
    if (!range) return;
    const [, low, comparison, high] = range as unknown as [string, string, string, string];
    for (const l of body) {
      const middle = midpointOf(l, low, high);
      if (!middle) continue;
      for (const update of body) {
        const stalls =
          (assignsTo(update, low, middle.name) && middle.rounds === 'down') ||
          (assignsTo(update, high, middle.name) && (middle.rounds === 'up' || comparison === '<='));
        if (stalls) {
          const bound = assignsTo(update, low, middle.name) ? low : high;
          defects.push({
            line: update.trim(),
            why: `it can leave ${bound} where it was (${middle.name} can equal ${bound}), so the range stops shrinking and the loop may never end`,
          });
        }
      }
    }
  });
  return defects;
}

/** "i += 1", "i = i + 1", "i++", "node = node.next", "lo, hi = 0, n". */
function assigns(line: string, name: string): boolean {
  const n = String.raw`\b${name}\b`;
  return (
    new RegExp(String.raw`${n}\s*(?:[-+*/%]|<<|>>|\/\/)?=(?!=)`).test(line) ||
    new RegExp(String.raw`${n}\s*(?:\+\+|--)|(?:\+\+|--)\s*${n}`).test(line) ||
    new RegExp(String.raw`${n}\s*,[^=]*=(?!=)|,\s*${n}\s*=(?!=)`).test(line)
  );
}

/** `bound = middle` exactly: no "+ 1", no "- 1". */
function assignsTo(line: string, bound: string, middle: string): boolean {
  return new RegExp(String.raw`(?:^|[^\w.])${bound}\s*=\s*${middle}\s*;?\s*$`).test(
    line.replace(/^\s*(?:}\s*)?(?:else\s*(?:if\s*\(.*\)\s*)?|if\s*\(.*\)\s*)/, ''),
  );
}

/**
 * "mid = (lo + hi) // 2", "int mid = lo + (hi - lo) / 2;", "const m = Math.floor((a + b) / 2)":
 * the variable holding the middle of low and high, and which way it rounds.
 */
function midpointOf(
  line: string,
  low: string,
  high: string,
): { name: string; rounds: 'down' | 'up' } | null {
  const assignment = /(?:^|[\s(])([A-Za-z_]\w*)\s*=(?!=)\s*(.+?);?\s*$/.exec(line);
  if (!assignment) return null;
  const [, name, expression] = assignment as unknown as [string, string, string];
  const flat = expression.replace(/\s+/g, '').replace(/^Math\.floor\((.*)\)$/, '$1');
  const sum = String.raw`\(?(?:${low}\+${high}|${high}\+${low})`;
  const offset = String.raw`${low}\+\(${high}-${low}`;
  const halved = String.raw`\)?(?:(?:\/\/|\/)2|>>1)(?![\d.])`;
  if (new RegExp(String.raw`^(?:${sum}|${offset})${halved}\)?$`).test(flat)) {
    return { name, rounds: 'down' };
  }
  if (new RegExp(String.raw`^(?:${sum}\+1|${offset}\+1)${halved}\)?$`).test(flat)) {
    return { name, rounds: 'up' };
  }
  return null;
}
