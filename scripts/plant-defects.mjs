#!/usr/bin/env node
/**
 * Does the safety net catch what it should? Plants one defect at a time in a
 * throwaway worktree of a commit (HEAD by default), runs the stages that
 * could notice it, and prints which tests failed for each. A plant that no
 * test catches is a gap in the net. Not part of `npm test`: it runs the
 * build and the browser suites once per plant (about 9 minutes each here).
 *
 *   node scripts/plant-defects.mjs                       every plant on HEAD
 *   node scripts/plant-defects.mjs --plant focus-ring    one plant (or several: a,b)
 *   node scripts/plant-defects.mjs --stages build,e2e    some stages (unit, content, SQL, build, pre-publish check, build tests, e2e, engines)
 *   node scripts/plant-defects.mjs --ref <commit> --e2e-grep-from-plant   an older commit, browser tests narrowed to each plant's own grep
 *
 * Each plant is a text edit of a file that must still match (a plant that no
 * longer applies says so, rather than passing silently).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** @typedef {{ file: string, find?: string, replace?: string, write?: string }} Edit */
/** @typedef {{ name: string, what: string, edits: Edit[], grep: string }} Plant */

/** @type {Plant[]} */
const PLANTS = [
  {
    name: 'aria-invalid',
    what: 'a field that loses aria-invalid',
    edits: [
      {
        file: 'src/components/forms/controls.tsx',
        find: "attributes: error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}",
        replace: "attributes: error ? { 'aria-describedby': errorId } : {}",
      },
    ],
    grep: 'form|sign|inline|keyboard|tap|click',
  },
  {
    name: 'wide-element',
    what: 'one page with an element 400 px wide at 320 px',
    edits: [
      {
        file: 'content/posts/welcome.md',
        find: '\n---\n',
        replace: '\n---\n\n<div style="width: 400px">A planted box, four hundred pixels wide, on one page.</div>\n',
      },
    ],
    grep: '/post/corvana-blog-welcome|JavaScript budget',
  },
  {
    name: 'focus-ring',
    what: 'one page whose focus ring is removed',
    edits: [
      {
        file: 'src/layouts/PostPage.astro',
        find: '\n---\n',
        // Astro bundles a layout's global style with other pages' CSS: the selector keeps it to one page.
        replace:
          '\n---\n\n<style is:global>\n  html:has(link[rel="canonical"][href$="/post/corvana-blog-welcome"]) :focus-visible {\n    outline: none !important;\n    box-shadow: none !important;\n  }\n</style>\n',
      },
    ],
    grep: '/post/corvana-blog-welcome|JavaScript budget',
  },
  {
    name: 'broken-redirect',
    what: 'one broken redirect',
    edits: [
      {
        file: 'src/lib/deploy/published-files.ts',
        find: '<meta http-equiv="refresh" content="0; url=${url}">',
        replace: '<meta http-equiv="refresh" content="0; url=${url.replace(\'telecommunications\', \'telecom\')}">',
      },
    ],
    grep: 'lands on|telecommunications',
  },
  {
    name: 'console-error',
    what: 'one page that logs a console error',
    edits: [
      {
        file: 'src/pages/search.astro',
        find: '\n  <script>\n',
        replace: "\n  <script>\n    console.error('planted: this page logs an error');\n",
      },
    ],
    grep: '/search|search',
  },
  {
    name: 'missing-hash',
    what: 'one inline script whose hash is missing from its policy',
    edits: [
      {
        file: 'src/lib/deploy/integration.ts',
        find: 'const scriptHashes = inlineScripts(html).map((s) => s.hash);',
        replace: "const scriptHashes = inlineScripts(html).map((s) => s.hash).filter((_, i) => !(path === '/about' && i === 0));",
      },
    ],
    grep: '/about',
  },
  {
    name: 'heavy-island',
    what: 'an island that imports a 200 KB module on first interaction',
    edits: [
      // Random characters do not compress: 200 KB of them weigh about 150 KB gzip.
      { file: 'src/components/islands/planted-weight.ts', write: `export const WEIGHT = '${randomBytes(150_000).toString('base64')}';\n` },
      {
        file: 'src/components/islands/ContactForm.tsx',
        find: '\nimport ',
        replace: "\nimport { WEIGHT } from './planted-weight';\n(globalThis as { planted?: string }).planted = WEIGHT;\nimport ",
      },
    ],
    grep: 'contact|budget|Contact',
  },
  {
    name: 'busy-island',
    what: "a one-second busy loop in the contact form's island when it starts (its first render, on the first interaction)",
    edits: [
      {
        file: 'src/components/islands/ContactForm.tsx',
        find: 'export default function ContactForm({ copy, common, labelledBy }: Props) {\n',
        replace:
          'export default function ContactForm({ copy, common, labelledBy }: Props) {\n  for (const until = performance.now() + 1000; performance.now() < until; );\n',
      },
    ],
    grep: 'ContactForm|/contact',
  },
  {
    name: 'busy-load',
    what: 'a one-second busy loop on every page as it loads (in the script every page runs)',
    edits: [
      {
        file: 'src/lib/routes/prefetch-on-intent.ts',
        find: 'export function prefetchOnIntent(unspeculated: readonly string[]): void {\n',
        replace:
          'export function prefetchOnIntent(unspeculated: readonly string[]): void {\n  for (const until = performance.now() + 1000; performance.now() < until; );\n',
      },
    ],
    grep: 'visit.*/about',
  },
  {
    name: 'optional-email',
    what: "the contact form's e-mail made optional in its definition only (the database still requires it)",
    edits: [{ file: 'src/lib/forms/contact.ts', find: '    emailField,', replace: '    { ...emailField, required: false },' }],
    grep: 'contact',
  },
  {
    name: 'prefetch-runs',
    what: "a form island's code run when it is fetched ahead, before the first interaction",
    edits: [
      {
        file: 'src/lib/islands/prefetch.ts',
        find: "    const link = document.createElement('link');",
        replace: "    void import(/* @vite-ignore */ url);\n    const link = document.createElement('link');",
      },
    ],
    grep: 'budget',
  },
  {
    name: 'dropped-column',
    what: 'a form insert that drops one column',
    edits: [
      {
        file: 'src/lib/forms/definition.ts',
        find: '    if (!field.column) continue;\n    const value',
        replace: "    if (!field.column || field.column === 'company') continue;\n    const value",
      },
    ],
    grep: 'form|row|keyboard|policy',
  },
];

/** The stages that could notice a plant: [name, command, args, JSON report file or undefined]. */
const STAGES = [
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit', '--reporter=json', '--outputFile=.tmp/plant-unit.json'], '.tmp/plant-unit.json'],
  [
    'content',
    'npx',
    ['vitest', 'run', '--project', 'content', '--reporter=json', '--outputFile=.tmp/plant-content.json'],
    '.tmp/plant-content.json',
  ],
  ['SQL', 'npx', ['vitest', 'run', '--project', 'db', '--reporter=json', '--outputFile=.tmp/plant-db.json'], '.tmp/plant-db.json'],
  ['build', 'npm', ['run', 'build:test']],
  ['pre-publish check', 'npm', ['run', 'check:dist']],
  [
    'build tests',
    'npx',
    ['vitest', 'run', '--project', 'build', '--reporter=json', '--outputFile=.tmp/plant-build.json'],
    '.tmp/plant-build.json',
  ],
  ['e2e', 'npx', ['playwright', 'test', '--retries=0', '--reporter=json'], '.tmp/plant-e2e.json'],
  [
    'engines',
    'npx',
    ['playwright', 'test', '-c', 'playwright.engines.config.ts', '--retries=0', '--reporter=json'],
    '.tmp/plant-engines.json',
  ],
];

function option(name) {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const ref = option('ref') ?? 'HEAD';
const only = option('plant');
const narrow = process.argv.includes('--e2e-grep-from-plant');
const plants = only ? PLANTS.filter((p) => only.split(',').includes(p.name)) : PLANTS;
const stages = option('stages') ? STAGES.filter(([name]) => option('stages').split(',').includes(name)) : STAGES;
if (plants.length === 0) throw new Error(`no plant "${only}": ${PLANTS.map((p) => p.name).join(', ')}`);

/** Terminal colours out of a message (ESC [ … m). */
const stripAnsi = (text) =>
  text
    .split(String.fromCharCode(27))
    .map((part, i) => (i === 0 ? part : part.replace(/^\[\d*(;\d+)*m/, '')))
    .join('');

/** The failed tests of a vitest or Playwright JSON report. */
function failedTests(report) {
  const data = JSON.parse(readFileSync(report, 'utf8'));
  if (data.testResults) {
    return data.testResults.flatMap((file) =>
      file.assertionResults
        .filter((t) => t.status === 'failed')
        .map((t) => `${file.name.replace(/^.*?tests\//, 'tests/')} › ${t.fullName}`),
    );
  }
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results.filter((r) => r.status === 'failed' || r.status === 'timedOut')) {
          // Which check: the first line of each error (a visit's soft failures name their check).
          const why = [
            ...new Set(
              (result.errors ?? []).map((e) =>
                stripAnsi(e.message ?? '')
                  .split('\n')[0]
                  .trim(),
              ),
            ),
          ];
          out.push(`[${test.projectName}] ${spec.file} › ${[...titles, spec.title].filter(Boolean).join(' › ')}  (${why.join('; ')})`);
        }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of data.suites) walk(suite, []);
  return out;
}

const root = resolve('.tmp', 'plants');
const results = [];
for (const plant of plants) {
  const tree = join(root, plant.name);
  rmSync(tree, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune']);
  execFileSync('git', ['worktree', 'add', '--detach', tree, ref], { stdio: 'ignore' });
  try {
    // A copy of node_modules by hard links: the tree's own caches (Astro's content store) stay its own.
    execFileSync('cp', ['-al', resolve('node_modules'), join(tree, 'node_modules')]);
    rmSync(join(tree, 'node_modules', '.astro'), { recursive: true, force: true });
    for (const edit of plant.edits) {
      const file = join(tree, edit.file);
      if (edit.write !== undefined) {
        writeFileSync(file, edit.write);
        continue;
      }
      const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
      if (!text.includes(edit.find)) throw new Error(`${plant.name}: ${edit.file} no longer holds the text this plant edits`);
      writeFileSync(file, text.replace(edit.find, edit.replace));
    }
    mkdirSync(join(tree, '.tmp'), { recursive: true });
    const caught = [];
    for (const [stage, command, args, report] of stages) {
      const grep = narrow && (stage === 'e2e' || stage === 'engines') ? ['--grep', plant.grep] : [];
      const started = Date.now();
      const run = spawnSync(command, [...args, ...grep], {
        cwd: tree,
        encoding: 'utf8',
        maxBuffer: 1 << 30,
        env: {
          ...process.env,
          CI: 'true',
          ASTRO_TELEMETRY_DISABLED: '1',
          PLAYWRIGHT_JSON_OUTPUT_NAME: report ? join(tree, report) : undefined,
        },
      });
      const seconds = Math.round((Date.now() - started) / 1000);
      let failures = [];
      if (report && existsSync(join(tree, report))) failures = failedTests(join(tree, report));
      else if (run.status !== 0) failures = [`${stage} failed: ${`${run.stdout}\n${run.stderr}`.trim().split('\n').slice(-3).join(' / ')}`];
      console.log(`${plant.name} › ${stage}: ${run.status === 0 ? 'passed' : `${failures.length} failed`} (${seconds} s)`);
      for (const failure of failures) console.log(`    ${failure}`);
      caught.push(...failures.map((f) => `${stage}: ${f}`));
      // Nothing after a failed build can run on it.
      if (stage === 'build' && run.status !== 0) break;
    }
    results.push({ plant, caught });
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree]);
  }
}

console.log(`\nPlanted defects on ${ref}:`);
for (const { plant, caught } of results) {
  console.log(`\n${plant.what} (${plant.name}): ${caught.length === 0 ? 'NOT CAUGHT' : `${caught.length} failing`}`);
  for (const line of caught) console.log(`  ${line}`);
}
