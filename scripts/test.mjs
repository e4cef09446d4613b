#!/usr/bin/env node
/**
 * `npm test`: every check of the project, in order, stopping at the first
 * stage that fails, and ending with a table of the stages and their seconds,
 * so a slow-down shows the day it lands. Each stage is an npm script of its
 * own, which runs alone as well (`npm run test:e2e` …).
 *
 *   npm test                    every stage
 *   npm test -- --from e2e      from one stage on (after an earlier run built dist/)
 *   npm test -- --only lint,unit
 */
import { spawn } from 'node:child_process';

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

const run = (script) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const rows = [];
let failed;
const started = performance.now();
for (const [label, script] of selected) {
  const t0 = performance.now();
  const code = await run(script);
  rows.push([label, `npm run ${script}`, ((performance.now() - t0) / 1000).toFixed(1), code === 0 ? 'passed' : `FAILED (${code})`]);
  if (code !== 0) {
    failed = code;
    break;
  }
}
for (const [label, script] of selected.slice(rows.length)) rows.push([label, `npm run ${script}`, '', 'not run']);
rows.push(['total', '', ((performance.now() - started) / 1000).toFixed(1), failed === undefined ? 'passed' : 'failed']);

const header = ['stage', 'command', 'seconds', 'result'];
const widths = header.map((_, i) => Math.max(header[i].length, ...rows.map((r) => r[i].length)));
const line = (r) => r.map((cell, i) => (i === 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
console.log(['', 'npm test, stage by stage:', line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'));
process.exit(failed ?? 0);
