#!/usr/bin/env node
/**
 * `npm test`: every check of the project, in order, stopping at the first
 * stage that fails, and ending with a table of the stages and their seconds,
 * so a slow-down shows the day it lands. Each stage is an npm script of its
 * own, which runs alone as well (`npm run test:e2e` …).
 *
 * Lint runs alongside the type check (both mostly use one core of two: 42 s
 * one after the other, 30 s together here), its output held and printed when
 * it ends, before the unit tests start.
 *
 *   npm test                    every stage
 *   npm test -- --from e2e      from one stage on (after an earlier run built dist/)
 *   npm test -- --only lint,unit
 *
 * A failing stage's output can run to thousands of lines, and CI keeps the
 * tail: after the table, the lines that name what failed are printed again.
 */
import { spawn } from 'node:child_process';
import { runnerImport } from 'vite';

/** [stage, npm script] in the order they run: cheap and independent first, then the build and what reads it. */
const STAGES = [
  ['type check', 'check'],
  ['lint', 'lint'],
  ['unit', 'test:unit'],
  ['content', 'test:content'],
  ['SQL (PGlite)', 'test:db'],
  ['PostgreSQL', 'test:pg'],
  ['Deno', 'test:functions'],
  ['build', 'build:test'],
  ['pre-publish check', 'check:dist'],
  ['build tests', 'test:build'],
  ['e2e (Chromium)', 'test:e2e'],
  ['engines (Firefox, WebKit)', 'test:engines'],
];

function option(name) {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

/** A stage named by its label or its script, loosely: "e2e", "engines", "test:db", "build tests". */
function find(name) {
  const wanted = name.trim().toLowerCase();
  const index = STAGES.findIndex(([label, script]) => script === wanted || label.toLowerCase().startsWith(wanted));
  if (index === -1) throw new Error(`no stage "${name}"; the stages: ${STAGES.map(([label]) => label).join(', ')}`);
  return index;
}

let selected = STAGES;
if (option('from')) selected = STAGES.slice(find(option('from')));
if (option('only'))
  selected = option('only')
    .split(',')
    .map((name) => STAGES[find(name)]);

/** Each stage's output, kept to find what failed in it (its terminal output is unchanged). */
const outputs = new Map();

/** Run an npm script; its output goes to the terminal as it comes, or only into `outputs` with `hold` (printed later). */
const run = (script, hold = false) =>
  new Promise((resolve) => {
    const kept = [];
    outputs.set(script, kept);
    // Piped, so a stage would lose its colours: kept when the terminal has them.
    const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], env });
    for (const [stream, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      stream.on('data', (chunk) => {
        kept.push(chunk);
        if (!hold) to.write(chunk);
      });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const result = (code) => (code === 0 ? 'passed' : `FAILED (${code})`);

/** The stage that runs alongside the one before it, and the first stage that waits for it. */
const ALONGSIDE = 'lint';
const JOIN_BEFORE = 'test:unit';

const results = new Map();
let failed;
let alongside;
const started = performance.now();
if (selected.length > 1 && selected.some(([, script]) => script === ALONGSIDE)) {
  const [label] = selected.find(([, script]) => script === ALONGSIDE);
  const t0 = performance.now();
  alongside = run(ALONGSIDE, true).then((code) => {
    process.stdout.write(
      `\n── ${label} (npm run ${ALONGSIDE}), run alongside ──\n${Buffer.concat(outputs.get(ALONGSIDE)).toString()}── end of ${label} ──\n\n`,
    );
    results.set(ALONGSIDE, [seconds(t0), result(code)]);
    if (code !== 0) failed ??= code;
  });
}
for (const [, script] of selected) {
  if (script === ALONGSIDE && alongside) continue;
  if (script === JOIN_BEFORE) await alongside;
  if (failed !== undefined) break;
  const t0 = performance.now();
  const code = await run(script);
  results.set(script, [seconds(t0), result(code)]);
  if (code !== 0) failed = code;
}
// A failure stops the stages after it; the one alongside ends on its own.
await alongside;
const rows = selected.map(([label, script]) => [label, `npm run ${script}`, ...(results.get(script) ?? ['', 'not run'])]);
rows.push(['total', '', seconds(started), failed === undefined ? 'passed' : 'failed']);

const header = ['stage', 'command', 'seconds', 'result'];
const widths = header.map((_, i) => Math.max(header[i].length, ...rows.map((r) => r[i].length)));
const line = (r) => r.map((cell, i) => (i === 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
console.log(['', 'npm test, stage by stage:', line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'));
const failedStages = selected.filter(([, script]) => results.get(script)?.[1].startsWith('FAILED'));
const { failureLines } = failedStages.length ? (await runnerImport('./src/lib/repo/failure-lines.ts')).module : {};
for (const [label, script] of failedStages) {
  console.log(`\nWhat failed in ${label} (npm run ${script}):\n${failureLines(Buffer.concat(outputs.get(script)).toString()).join('\n')}`);
}
process.exit(failed ?? 0);
