// `npm run eval:grader`: the offline grader against the grading corpus (issue 11). Every
// submission goes through a generated PDF and pdf.js text extraction, then the real offline
// engine; prints rank agreement, error and the gaming checks per assignment and pooled, times a
// ~3,000-word submission, and writes the table into bench/results.md between its markers.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { createOfflineGrader } from '@server/ai/offline/offline-grader';
import { GRADING_CORPUS, type CorpusAssignment } from '@server/test/fixtures/grading-corpus';
import {
  HELD_OUT_CORPUS,
  type HeldOutSubmission,
} from '@server/test/fixtures/grading-corpus/held-out';
import {
  adversarialChecks,
  extractedText,
  gradeAssignment,
  injectionReported,
  meanAbsoluteError,
  percentOf,
  rankAgreement,
  type AdversarialCheck,
  type GradedSubmission,
} from '@server/test/fixtures/grading-corpus/grade-corpus';
import { textPdfContent } from '@server/demo/text-pdf';

const RESULTS = fileURLToPath(new URL('../bench/results.md', import.meta.url));
const START = '<!-- eval:grader:start -->';
const END = '<!-- eval:grader:end -->';
const TARGET = { spearmanPooled: 0.85, spearmanEach: 0.8, mae: 12 } as const;
const LONG_WORDS = 3000;
const TIMING_RUNS = 15;
const MISSES_SHOWN = 3;

const engine = createOfflineGrader();
const gc = (globalThis as { gc?: () => void }).gc;

interface Row {
  key: string;
  style: string;
  graded: GradedSubmission[];
  spearman: number;
  mae: number;
  checks: AdversarialCheck[];
}

async function main() {
  const model = await measureModelLoad();
  const rows: Row[] = [];
  for (const assignment of GRADING_CORPUS) {
    const graded = await gradeAssignment(engine, assignment);
    rows.push({
      key: assignment.key,
      style: assignment.rubricStyle,
      graded,
      spearman: rankAgreement(graded),
      mae: meanAbsoluteError(graded),
      checks: adversarialChecks(graded),
    });
  }
  // Held out: graded and reported, never part of the targets or of any tuning.
  const heldOut: Row[] = [];
  for (const assignment of HELD_OUT_CORPUS) {
    const graded = await gradeAssignment(engine, assignment);
    heldOut.push({
      key: assignment.key,
      style: assignment.rubricStyle,
      graded,
      spearman: rankAgreement(graded),
      mae: meanAbsoluteError(graded),
      checks: [],
    });
  }
  const timing = await timeLongSubmission();
  const all = rows.flatMap((r) => r.graded);
  const pooled = { spearman: rankAgreement(all), mae: meanAbsoluteError(all) };
  const checks = rows.flatMap((r) => r.checks);

  const lines = [...report(rows, pooled, checks, timing, model), '', ...heldOutReport(heldOut)];
  console.log(lines.join('\n'));
  await writeResults(lines);
  const met =
    pooled.spearman >= TARGET.spearmanPooled &&
    rows.every((r) => r.spearman >= TARGET.spearmanEach) &&
    pooled.mae <= TARGET.mae &&
    checks.every((c) => c.passed);
  console.log(`\nIssue 11 targets ${met ? 'met' : 'NOT met'}.`);
}

/** The language model and word vectors load on the first grade: what that costs. */
async function measureModelLoad() {
  const first = GRADING_CORPUS[0]!;
  // pdf.js and the rest of the process first, so that only the model is measured.
  await extractedText(first.submissions[0]!.document);
  gc?.();
  const before = process.memoryUsage();
  const started = performance.now();
  await engine.grade({ assignment: first.assignment, submission: { text: 'A first sentence.' } });
  const ms = performance.now() - started;
  gc?.();
  const after = process.memoryUsage();
  const live = (m: NodeJS.MemoryUsage) => m.heapUsed + m.arrayBuffers;
  const mb = (bytes: number) => bytes / 1024 / 1024;
  return {
    ms,
    mb: mb(after.rss - before.rss),
    liveMb: mb(live(after) - live(before)),
    measuredAfterGc: Boolean(gc),
  };
}

/** The corpus's real work joined into one ~3,000-word text, graded against each assignment. */
async function timeLongSubmission() {
  const pieces = GRADING_CORPUS.flatMap((a) =>
    a.submissions
      .filter((s) => s.kind === 'excellent' || s.kind === 'paraphrase' || s.kind === 'good')
      .map((s) => textPdfContent(s.document)),
  );
  let text = '';
  for (let i = 0; wordCount(text) < LONG_WORDS; i++) text += `${pieces[i % pieces.length]}\n\n`;
  const words = wordCount(text);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < TIMING_RUNS; run++) {
    const assignment: CorpusAssignment = GRADING_CORPUS[run % GRADING_CORPUS.length]!;
    const started = performance.now();
    const usage = process.cpuUsage();
    await engine.grade({ assignment: assignment.assignment, submission: { text } });
    const used = process.cpuUsage(usage);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { words, median: median(times), max: Math.max(...times), cpu: median(cpu) };
}

function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

function report(
  rows: Row[],
  pooled: { spearman: number; mae: number },
  checks: AdversarialCheck[],
  timing: { words: number; median: number; max: number; cpu: number },
  model: { ms: number; mb: number; liveMb: number; measuredAfterGc: boolean },
): string[] {
  const f2 = (n: number) => n.toFixed(2);
  const f1 = (n: number) => n.toFixed(1);
  const passed = (list: AdversarialCheck[]) =>
    `${list.filter((c) => c.passed).length}/${list.length}`;
  const lines = [
    '## Offline grader on the grading corpus',
    '',
    `Written by \`npm run eval:grader\` (scripts/eval-grader.ts) on ${new Date().toISOString()}, Node ${process.version}.`,
    `Corpus: src/server/test/fixtures/grading-corpus (${rows.length} assignments, ${rows.reduce((a, r) => a + r.graded.length, 0)} submissions, reference grades by a teacher before tuning). Each submission is a generated PDF whose text pdf.js extracts; the offline engine grades that text.`,
    `Targets (issue 11): Spearman >= ${TARGET.spearmanPooled} pooled and >= ${TARGET.spearmanEach} per assignment; MAE <= ${TARGET.mae} % of total; keyword lists and word salad <= 20 %; off-topic <= 15 %; padding below every competent submission; every injection reported and not rewarded.`,
    '',
    '| Assignment | Rubric style | Spearman | MAE (% of total) | Gaming checks passed |',
    '| --- | --- | ---: | ---: | ---: |',
    ...rows.map(
      (r) => `| ${r.key} | ${r.style} | ${f2(r.spearman)} | ${f1(r.mae)} | ${passed(r.checks)} |`,
    ),
    `| **pooled** | | **${f2(pooled.spearman)}** | **${f1(pooled.mae)}** | **${passed(checks)}** |`,
    '',
    '| Assignment | Submission | Reference | Engine | Error (% of total) |',
    '| --- | --- | ---: | ---: | ---: |',
    ...rows.flatMap((r) =>
      r.graded.map((g) => {
        const total = g.assignment.assignment.totalPoints;
        const error = percentOf(g) - percentOf(g, g.submission.reference.grade);
        return `| ${r.key} | ${g.submission.kind} | ${g.submission.reference.grade}/${total} | ${g.result.grade}/${total} | ${error >= 0 ? '+' : ''}${f1(error)} |`;
      }),
    ),
    '',
    'Largest misses:',
    '',
    ...largestMisses(rows.flatMap((r) => r.graded)).map((g) => {
      const error = percentOf(g) - percentOf(g, g.submission.reference.grade);
      return `- ${g.assignment.key} / ${g.submission.kind}: engine ${g.result.grade}, teacher ${g.submission.reference.grade} (${error >= 0 ? '+' : ''}${f1(error)} % of total). Teacher: ${g.submission.reference.reason}`;
    }),
    '',
    'Gaming checks that failed:',
    '',
    ...(checks.some((c) => !c.passed)
      ? rows.flatMap((r) =>
          r.checks.filter((c) => !c.passed).map((c) => `- ${r.key}: ${c.name} (${c.detail})`),
        )
      : ['- none']),
    '',
    `Speed: a ${timing.words}-word submission takes ${f1(timing.median)} ms (median of ${TIMING_RUNS}; ${f1(timing.cpu)} ms of CPU time; max ${f1(timing.max)} ms) once the language model is loaded, on a machine with load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores.`,
    `First grade: loading the English model and the word vectors took ${model.ms.toFixed(0)} ms; the process grew by ${model.mb.toFixed(0)} MB of resident memory, of which ${model.liveMb.toFixed(0)} MB stays in use (heap and array buffers${model.measuredAfterGc ? ', after a full GC' : ''}).`,
  ];
  return lines;
}

/** The held-out cases, apart: the engine was never tuned on them. */
function heldOutReport(rows: Row[]): string[] {
  const all = rows.flatMap((r) => r.graded);
  const f1 = (n: number) => n.toFixed(1);
  return [
    '### Held-out cases (never tuned on)',
    '',
    `Written and graded before the engine saw them (src/server/test/fixtures/grading-corpus/held-out*.ts; decisions 055 to 065 and 067 to 069 say which sittings were read while writing a rule); not part of the targets above. Over all ${all.length}: Spearman ${rankAgreement(all).toFixed(2)}, MAE ${f1(meanAbsoluteError(all))} % of total.`,
    '',
    '| Assignment | Case | Reference | Engine | Error (% of total) | Text aimed at the grader |',
    '| --- | --- | ---: | ---: | ---: | --- |',
    ...all.map((g) => {
      const total = g.assignment.assignment.totalPoints;
      const error = percentOf(g) - percentOf(g, g.submission.reference.grade);
      const label = (g.submission as HeldOutSubmission).label ?? g.submission.kind;
      const aimed = g.withoutInjection
        ? `${injectionReported(g) ? 'reported' : 'NOT reported'}; ${g.withoutInjection.grade} without it`
        : '';
      return `| ${g.assignment.key} | ${g.submission.kind}: ${label} | ${g.submission.reference.grade}/${total} | ${g.result.grade}/${total} | ${error >= 0 ? '+' : ''}${f1(error)} | ${aimed} |`;
    }),
  ];
}

function largestMisses(graded: GradedSubmission[]): GradedSubmission[] {
  const miss = (g: GradedSubmission) =>
    Math.abs(percentOf(g) - percentOf(g, g.submission.reference.grade));
  return [...graded].sort((a, b) => miss(b) - miss(a)).slice(0, MISSES_SHOWN * 2);
}

/** Replaces the marked section of bench/results.md, or appends it; the rest stays as it is. */
async function writeResults(lines: string[]) {
  const body = await prettier.format(lines.join('\n'), { parser: 'markdown', filepath: RESULTS });
  const section = `${START}\n\n${body.trimEnd()}\n\n${END}`;
  const current = readFileSync(RESULTS, 'utf8');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${section}${current.slice(end + END.length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(RESULTS, next);
}

await main();
