// Is the shown working consistent with itself? A teacher checks each stated result: "66 / 30 =
// 2.3" is a slip whatever the method, and the steps built on it are marked down. Only plain
// arithmetic is checked (numbers, + - x / ^ and brackets on both sides of an "="): anything with
// a symbol in it ("0.08m = 18", "(1/2) x pi x 4^2 = 8 pi") is left alone, never guessed at.
// And an equation, as a rubric means it, has an unknown in it: "12 + 0.08m = 30" sets up the
// problem, "12 + 16 = 28" only tries a number.

export interface FalseCalculation {
  /** As written: "66 / 30 = 2.3". */
  text: string;
  /** What the left side comes to. */
  value: number;
}

const OPERAND = /[\d.\s+\-*/^()]/;
// "0.08 x 150", "12 × 8": x between numbers multiplies.
const TIMES = /([\d)])\s*[x\u00d7\u00b7]\s*(?=[\d(])/g;
// "$24", "1,000,000": signs and separators a reader skips.
const MONEY = /[$\u00a3\u20ac]/g;
const THOUSANDS = /(\d),(?=\d{3}(?!\d))/g;
// Symbols a number may be multiplied by: "8 pi", "2 sqrt(2)".
const SYMBOL_AFTER = /^\s*(?:pi|\u03c0|sqrt|log|ln|sin|cos|tan|e\b|[x\u00d7*\u00b7(^])/i;

/** The calculations in a sentence or line of working whose stated result does not hold. */
export function falseCalculations(text: string): FalseCalculation[] {
  const line = text.replace(MONEY, '').replace(THOUSANDS, '$1').replace(TIMES, '$1 * ');
  const wrong: FalseCalculation[] = [];
  for (let at = line.indexOf('='); at >= 0; at = line.indexOf('=', at + 1)) {
    // "==", "<=", ">=", "!=" compare; they do not state a result.
    if (/[=<>!]/.test(line[at - 1] ?? '') || line[at + 1] === '=') continue;
    const left = operandBefore(line, at);
    const right = operandAfter(line, at);
    if (!left || !right) continue;
    const computed = evaluate(left.text);
    const stated = evaluate(right.text);
    if (computed === null || stated === null) continue;
    // A bare number on both sides ("x = 5 = 5") states nothing to check.
    if (!/[-+*/^]/.test(left.text.replace(/^\s*-/, ''))) continue;
    // "7 / 330 = 21 mA", "3 / 4 = 75%": the result given in the unit it is read in.
    const scale = unitScale(line.slice(at + 1 + right.text.length), computed);
    if (!agrees(computed, stated, right.text) && !agrees(computed * scale, stated, right.text)) {
      const written = `${left.text.trim()} = ${right.text.trim()}`.replace(/\s*\*\s*/g, ' x ');
      wrong.push({ text: written, value: Math.round(computed * 1e4) / 1e4 });
    }
  }
  return wrong;
}

/** An unknown in an expression: "0.08m", "18t", "12(t - 0.5)", "C_A = 12 + …", "x / 2". */
export function hasUnknown(text: string): boolean {
  const line = text.replace(TIMES, '$1 * ');
  return (
    // A coefficient and its letter: "0.08m", "30h", "2x" (not "9am", "10cm", "3rd").
    /\b\d+(?:\.\d+)?([a-z])\b(?![a-z])/i.test(line.replace(/\b\d+(?:am|pm|st|nd|rd|th)\b/gi, '')) ||
    // A letter beside an operator: "t - 0.5", "x / 2", "12 + m", "3 * n".
    /(?:^|[^\w.])([a-z])\s*[-+*/^]\s*[\d(]|[\d)]\s*[-+*/^]\s*([a-z])(?![\w(])/i.test(line) ||
    // A named quantity set equal to an expression: "C_A = 12 + 0.08m", "cost = 12 + 0.08 x minutes".
    /\b[a-z]\w*\s*=\s*[^=]*[-+*/]\s*[^=]*[a-z]/i.test(line)
  );
}

/**
 * A line that works something out: a number put through an operation ("7 / 0.02 = 350", "9 - 2 =
 * 7 V", "(225 + 232) / 2", "2 kg x 3 m/s2 = 6 N", "x = 12/0.08", "R = \frac{7}{0.02}"), in symbols
 * or in words ("dividing the 7 volts by 0.02 amps gives 350", "half of 18 is 9"). A range
 * ("1914-16"), a date ("12/05/2023") or a number in standard form ("6.02 x 10^23") is not working.
 */
export function showsWorking(text: string): boolean {
  const line = text
    .replace(MONEY, '')
    .replace(THOUSANDS, '$1')
    .replace(/\u2212/g, '-')
    .replace(STANDARD_FORM, '$1')
    .replace(UNIT_BEFORE_OPERATOR, '$1');
  return WORKING.some((pattern) => pattern.test(line));
}

/** "6.02 x 10^23", "1.5 × 10^-3": one number. */
const STANDARD_FORM = /(\d)\s*[x\u00d7*]\s*10\s*\^\s*-?\d+/gi;
/** "2 kg x 3", "7 V / 0.02 A =", "9.8 N/kg x": the unit between a number and what is done to it. */
const UNIT_BEFORE_OPERATOR =
  /(\d)(?:\s*(?:[a-z\u00b5\u03bc\u2126\u00b0%]{1,5}[\u00b2\u00b3]?(?:[-\u207b]?[1-3\u00b9\u00b2\u00b3])?)(?:\s*\/\s*[a-z]{1,5}[\u00b2\u00b32]?)?){1,3}(?=\s*(?:[-+*/=^)\u00d7\u00f7]|x\s))/gi;
const WORKING: RegExp[] = [
  // A result stated: "9 - 2 = 7", "(7 - 2) / 390 =", "x = 12/0.08", "R = \frac{7}{0.02}".
  /[\d)]\s*=\s*-?\s*[\d(.]|=\s*[\d.]+\s*\/\s*[\d.]+|\\frac\s*\{\s*[\d.]/,
  // An operation between numbers: "7 / 0.02", "12 + 0.08", "2 x 3", "9 - 2" (a spaced minus).
  /\d\s*[+*\u00d7\u00f7^]\s*\(?\d|\d\s+x\s+\(?\d|\d\s+[-/\u2013]\s+\(?\d/,
  // In words: "7 divided by 0.02", "subtract 2 from 9", "dividing the 7 volts by the current of 0.02".
  /\d[^.;]{0,40}\b(?:divid(?:e|es|ed|ing)|multipl(?:y|ies|ied|ying)|subtract\w*|minus|plus|take\s+away|squared)\b[^.;]{0,40}\d/i,
  /\b(?:divid\w*|multipl(?:y|ies|ied|ying)|subtract\w*|add(?:s|ed|ing)?)\s+[^.;]{0,30}\d[^.;]{0,30}\b(?:by|from|to|and)\s+[^.;]{0,20}\d/i,
  /\b(?:divided|multiplied)\s+by\s+[^.;]{0,20}?\d[\d.,]*[^.;]{0,30}\b(?:is|gives?|makes?|equals|comes\s+to|to\s+get)\b/i,
  /\b(?:half|a\s+(?:third|quarter|tenth)|\d+(?:\.\d+)?\s*(?:%|per\s*cent))\s+of\s+[^.;]{0,20}\d[^.;]{0,20}\b(?:is|are|gives?|makes?|comes\s+to)\s+[^.;]{0,10}\d/i,
  /\d\s+times\s+\d/i,
  // A spreadsheet's formula: "=B2+C2+D2", "=SUM(E2:E31)".
  /=\s*\$?[A-Z]{1,2}\$?\d+\s*[-+*/]|=\s*(?:SUM|AVERAGE|MIN|MAX|COUNT|ROUND|IF)\s*\(/i,
];

function operandBefore(line: string, at: number): { text: string } | null {
  let start = at;
  while (start > 0 && OPERAND.test(line[start - 1]!)) start--;
  // "(so 12 + 8 = 20)": a bracket opened before the calculation is not part of it.
  let text = line.slice(start, at);
  while (/^\s*\(/.test(text) && !balanced(text)) text = text.replace(/^\s*\(/, '');
  // "pi x 4^2 = …", "C6 + …": the expression goes on into a symbol, so its value is unknown.
  const attached = start > 0 && /^\S/.test(text) && /\w/.test(line[start - 1]!);
  if (!/^\s*-?\s*[(\d]/.test(text) || attached) return null;
  return balanced(text) ? { text } : null;
}

function operandAfter(line: string, at: number): { text: string } | null {
  let end = at + 1;
  while (end < line.length && OPERAND.test(line[end]!)) end++;
  // A sentence's full stop is not a decimal point; a bracket closed after it is not part of it.
  let text = line.slice(at + 1, end).replace(/\.\s*$/, '');
  while (/\)\s*$/.test(text) && !balanced(text)) text = text.replace(/\)\s*$/, '');
  const rest = line.slice(at + 1 + text.length);
  if (!/^\s*-?\s*[(\d]/.test(text) || /[-+*/^]\s*$/.test(text)) return null;
  // "= 0.08m", "= 8 pi": a number times a symbol.
  if ((/\S$/.test(text) && /^\w/.test(rest)) || SYMBOL_AFTER.test(rest)) return null;
  return balanced(text) ? { text } : null;
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === '(') depth++;
    if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

const UNIT_PREFIXES: { unit: RegExp; scale: number; when: (value: number) => boolean }[] = [
  { unit: /^\s*%/, scale: 100, when: (v) => v <= 1 },
  { unit: /^\s*m(?:A|V|W|s|m|g|l|L|J|ohms?|\u2126)\b/, scale: 1e3, when: (v) => v < 1 },
  { unit: /^\s*[\u00b5\u03bcu](?:A|V|W|s|m|g|F)\b/, scale: 1e6, when: (v) => v < 1e-3 },
  { unit: /^\s*cm\b/, scale: 100, when: (v) => v < 1 },
  { unit: /^\s*k(?:g|m|Wh|W|J|V|Hz|Pa|N|ohms?|\u2126)\b/, scale: 1e-3, when: (v) => v >= 1e3 },
  { unit: /^\s*M(?:W|J|V|Hz|Pa|ohms?|\u2126)\b/, scale: 1e-6, when: (v) => v >= 1e6 },
];
/** "cm2", "mm³", "ms-1": a unit of area, volume or speed scales otherwise. */
const POWER_AFTER_UNIT = /^\s*\S+?(?:[\u00b2\u00b3^]|[23]\b|-1|\u207b)/;

/**
 * What a result written in a prefixed unit is scaled by, where that unit is the one a result of
 * this size is written in: 0.0212 A is "21.2 mA", 0.75 is "75%", 3000 W is "3 kW". "12 + 8 = 20000
 * mA", "7 / 330 = 21 A" and "2.5 x 4 = 1000 cm2" are still slips (the review of decision 068).
 */
function unitScale(after: string, computed: number): number {
  if (POWER_AFTER_UNIT.test(after.slice(0, 8))) return 1;
  const size = Math.abs(computed);
  const prefix = UNIT_PREFIXES.find(({ unit }) => unit.test(after));
  return prefix && prefix.when(size) ? prefix.scale : 1;
}

/** The stated result, rounded or cut to the places it shows, matches the computed one. */
function agrees(computed: number, stated: number, written: string): boolean {
  const places = /\.(\d+)\s*$/.exec(written.trim())?.[1]?.length ?? 0;
  const step = 10 ** -places;
  const slack = 1e-9 + 1e-6 * Math.abs(stated);
  if (Math.abs(computed - stated) <= step / 2 + slack) return true;
  // Cut rather than rounded: 2 / 3 = 0.66.
  const cut = Math.abs(computed) - Math.abs(stated);
  return Math.sign(computed) === Math.sign(stated) && cut >= 0 && cut < step + slack;
}

/** A tiny arithmetic reader: numbers, + - * / ^, brackets, unary minus, implicit times. */
export function evaluate(expression: string): number | null {
  const tokens = expression.match(/\d+(?:\.\d+)?|\.\d+|[-+*/^()]/g);
  if (!tokens || tokens.join('').length !== expression.replace(/\s+/g, '').length) return null;
  let i = 0;
  const peek = () => tokens[i];
  const primary = (): number | null => {
    const token = tokens[i++];
    if (token === undefined) return null;
    if (token === '-') {
      const value = power();
      return value === null ? null : -value;
    }
    if (token === '(') {
      const value = sum();
      if (tokens[i++] !== ')') return null;
      return value;
    }
    const value = Number(token);
    return Number.isFinite(value) ? value : null;
  };
  const power = (): number | null => {
    const base = primary();
    if (base === null) return null;
    if (peek() === '^') {
      i++;
      const exponent = power();
      return exponent === null ? null : base ** exponent;
    }
    return base;
  };
  const product = (): number | null => {
    let value = power();
    while (value !== null) {
      const op = peek();
      if (op === '*' || op === '/') {
        i++;
        const next = power();
        if (next === null) return null;
        value = op === '*' ? value * next : value / next;
      } else if (op === '(') {
        // "0.08(150)", "12(2.2 - 0.5)".
        const next = power();
        if (next === null) return null;
        value *= next;
      } else break;
    }
    return value;
  };
  const sum = (): number | null => {
    let value = product();
    while (value !== null && (peek() === '+' || peek() === '-')) {
      const op = tokens[i++];
      const next = product();
      if (next === null) return null;
      value = op === '+' ? value + next : value - next;
    }
    return value;
  };
  const value = sum();
  return value !== null && i === tokens.length && Number.isFinite(value) ? value : null;
}

/**
 * How many of the figures an assignment gives a piece of working uses: the same number, or the
 * same number at another scale of its unit ("185" for "£185,000" in thousands, "1.5" kW for "1500
 * W"). A list of figures to choose from counts once, however many are used. A time of day is read
 * in hours ("18:00" is the 18 of "18 - 12 = 6 hours").
 */
export function givenFiguresUsed(given: readonly string[][], written: readonly string[]): number {
  const numbers = written.map(valueOf).filter((n) => Number.isFinite(n) && n !== 0);
  const used = (figure: string) => {
    const g = valueOf(figure);
    return numbers.some((n) =>
      UNIT_SCALES.some((scale) => Math.abs(n - g * scale) <= 1e-9 * Math.abs(n)),
    );
  };
  return given.filter((group) => group.some(used)).length;
}

/** The same amount in another unit: thousands to billions, milli to nano. */
const UNIT_SCALES = [1, 1e3, 1e6, 1e9, 1e-3, 1e-6, 1e-9];
const TIME_OF_DAY = /^(\d{1,2}):(\d{2})$/;

function valueOf(figure: string): number {
  const time = TIME_OF_DAY.exec(figure);
  return time ? Number(time[1]) + Number(time[2]) / 60 : Number(figure);
}
