#!/usr/bin/env node
/**
 * Checks of the code's shape that no linter makes, run by `npm run lint`:
 * - src/lib keeps its folders in layers: no module imports from a folder above its own
 *   (the order is below, lowest first; src/lib/README.md explains it);
 * - src/lib has at most 8 files at its top, and no text file in src/ is over 400 lines;
 * - the visit's look baselines (tests/e2e/looks) stay under their budget, printed every run: every
 *   version of them stays in the history, so each set's size is paid again by every clone;
 * - every repository path named in code comments and docs exists (CONTRIBUTING.md's lists
 *   of the files to touch included), so a moved file cannot leave a stale pointer behind;
 * - every `create extension` in supabase/ names its schema: without one an extension lands in
 *   the first schema of the search_path, public, and most cannot be moved later (Supabase's
 *   advisor, lint 0014; tests/pg/schemas.test.ts checks the catalog, where only the extensions
 *   this machine offers can show);
 * - the migrations' names are UTC times in the order they were written (src/lib/repo/migration-names.ts);
 * - the GitHub workflows and .github/dependabot.yml hold to their schemas and this repository's rules
 *   (src/lib/repo/workflow.ts, src/lib/repo/dependabot.ts).
 * TypeScript sources are loaded through Vite's module runner, like astro.config.mjs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { runnerImport } from 'vite';

/** src/lib's folders, lowest first: a module may import from its own folder and those before it. */
const LAYERS = ['repo', 'supabase', 'forms', 'images', 'content', 'routes', 'social-cards', 'seo', 'deploy', 'islands', 'cms'];
const MAX_TOP_FILES = 8;
const MAX_LINES = 400;
const LOOKS_DIR = 'tests/e2e/looks';
const LOOKS_BUDGET_MB = 20;

const problems = [];
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(f));

// Layers.
const layerOf = (file) => {
  const rel = relative('src/lib', file);
  if (rel.startsWith('..')) return undefined;
  const top = rel.split('/')[0];
  return LAYERS.includes(top) ? top : undefined;
};
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;
for (const file of tracked.filter((f) => f.startsWith('src/lib/') && /\.(ts|tsx)$/.test(f))) {
  const own = layerOf(file);
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = relative('.', resolve(dirname(file), match[2]));
    const theirs = layerOf(target);
    if (!target.startsWith('src/lib/')) problems.push(`${file}: imports ${match[2]}, outside src/lib`);
    else if (own && theirs && LAYERS.indexOf(theirs) > LAYERS.indexOf(own))
      problems.push(`${file}: imports ${match[2]}: ${own}/ may not import from ${theirs}/, a folder above it`);
    else if (own && !theirs) problems.push(`${file}: imports ${match[2]}, a file at the top of src/lib`);
  }
}

// Sizes.
const topFiles = readdirSync('src/lib').filter((name) => statSync(join('src/lib', name)).isFile() && name !== 'README.md');
if (topFiles.length > MAX_TOP_FILES)
  problems.push(`src/lib has ${topFiles.length} files at its top, at most ${MAX_TOP_FILES}: ${topFiles.join(', ')}`);
for (const file of tracked.filter((f) => f.startsWith('src/'))) {
  const text = readFileSync(file, 'utf8');
  if (text.includes('\0')) continue; // a binary file (the social cards' fonts) has no lines to count
  const lines = text.split('\n').length;
  if (lines > MAX_LINES) problems.push(`${file}: ${lines} lines, at most ${MAX_LINES}: split it by concern`);
}

const looks = tracked.filter((f) => f.startsWith(`${LOOKS_DIR}/`) && f.endsWith('.webp'));
const looksMb = looks.reduce((sum, f) => sum + statSync(f).size, 0) / 1024 / 1024;
console.log(`check-repo: ${looks.length} look baselines in ${LOOKS_DIR}, ${looksMb.toFixed(1)} MB (budget ${LOOKS_BUDGET_MB} MB)`);
if (looksMb > LOOKS_BUDGET_MB)
  problems.push(
    `${LOOKS_DIR}: ${looksMb.toFixed(1)} MB of baselines, over the budget of ${LOOKS_BUDGET_MB} MB: make the pictures fewer or smaller`,
  );

// Paths named in comments and docs. Some are made by a person or a tool, not committed.
const MADE_LATER = new Set([
  'supabase/functions/.env', // each developer's secrets, from .env.example
  'public/images', // the CMS's upload folder, made by its first upload
  'src/components/islands/planted-weight.ts', // a planted defect, written in a throwaway worktree by scripts/plant-defects.mjs
]);
const PATH = /(?<![\w/.-])((?:src|tests|supabase|scripts|public|\.ci|\.github)\/[\w./*-]*[\w*])/g;
const documented = tracked.filter((f) => /\.(ts|tsx|astro|mjs|md|sql|toml|css)$/.test(f) && !f.startsWith('content/'));
for (const file of [...documented, 'content/README.md']) {
  if (!existsSync(file)) continue;
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(PATH)) {
    const ref = match[1].replace(/\.$/, '');
    // A glob names files by a pattern (supabase/migrations/*.sql); @scope/package and GitHub repository names are not paths.
    if (ref.includes('*') || /^supabase\/((auth|postgrest|supabase)-js|cli)$/.test(ref) || MADE_LATER.has(ref)) continue;
    if (!existsSync(ref)) problems.push(`${file}:${text.slice(0, match.index).split('\n').length}: names ${ref}, which does not exist`);
  }
}

// Extensions in a schema of their own.
for (const file of tracked.filter((f) => f.startsWith('supabase/') && f.endsWith('.sql'))) {
  // Comments and string literals (a message that names the statement) blanked, line breaks kept.
  const text = readFileSync(file, 'utf8').replace(/--.*$|'(?:[^']|'')*'/gm, (m) => m.replace(/[^\n]/g, ' '));
  for (const match of text.matchAll(/create\s+extension\b[^;]*;/gi)) {
    if (!/\bschema\b/i.test(match[0]))
      problems.push(
        `${file}:${text.slice(0, match.index).split('\n').length}: ${match[0].replace(/\s+/g, ' ')} names no schema (with schema extensions)`,
      );
  }
}

// Migration names: Supabase applies them in name order, so the names must be in the order they were written.
const { module: migrationNames } = await runnerImport('./src/lib/repo/migration-names.ts');
const migrations = migrationNames.readMigrations('.');
const names = migrationNames.migrationNameProblems(migrations.files, migrations.history, Date.now());
problems.push(...names.problems);
for (const note of names.notes) console.log(`check-repo: ${note}`);

// The workflows and Dependabot: the repository kept current where it lives.
const { module: workflow } = await runnerImport('./src/lib/repo/workflow.ts');
const { module: dependabot } = await runnerImport('./src/lib/repo/dependabot.ts');
const workflows = tracked.filter((f) => /^\.github\/workflows\/[^/]+\.ya?ml$/.test(f));
if (workflows.length === 0) problems.push('.github/workflows/ has no workflow: nothing runs .ci/run where the code lives');
for (const file of workflows) problems.push(...workflow.workflowProblems(file, readFileSync(file, 'utf8')));
if (existsSync('.github/dependabot.yml'))
  problems.push(...dependabot.dependabotProblems('.github/dependabot.yml', readFileSync('.github/dependabot.yml', 'utf8')));
else problems.push('.github/dependabot.yml is missing: no dependency updates are configured');

if (problems.length > 0) {
  console.error(`check-repo: ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `check-repo: src/lib layers, file sizes, named paths, extension schemas, migration names, ${workflows.length} workflow(s) and Dependabot are in order.`,
);
