#!/usr/bin/env node
/**
 * The check before publishing (src/lib/deploy/gate/check-dist.ts): the content (scheduled entries as if live), headers, redirects,
 * byte budgets (pictures on a phone among them), secrets, new-tab links, links, security.txt, publishing.json and social cards of the built
 * site. Exits 1, naming each page and rule, when dist/ must not ship.
 * Netlify's build command runs it after `npm run build`; `npm test` after
 * `npm run build:test`.
 *
 *   npm run check:dist
 *
 * CONTENT_DIR and OUT_DIR select other content/build folders (default content, dist).
 * PUBLIC_SUPABASE_URL, when set (Netlify's environment), must be the one
 * origin besides the site in each page's connect-src.
 * TypeScript sources are loaded through Vite's module runner, like astro.config.mjs.
 * A passing build prints its heaviest pages against the byte budgets.
 */
import { readFileSync } from 'node:fs';
import { runnerImport } from 'vite';

const started = performance.now();
const dist = process.env.OUT_DIR ?? 'dist';
const { module: gate } = await runnerImport('./src/lib/deploy/gate/check-dist.ts');
const { module: security } = await runnerImport('./src/lib/deploy/csp.ts');
const { module: budgets } = await runnerImport('./src/lib/deploy/gate/budgets.ts');
const { module: site } = await runnerImport('./src/lib/deploy/dist-folder.ts');

const problems = gate.checkDist({
  dist,
  contentDir: process.env.CONTENT_DIR ?? 'content',
  netlifyToml: readFileSync('netlify.toml', 'utf8'),
  supabase: security.originOf(process.env.PUBLIC_SUPABASE_URL),
});
// What the build answers at the paths of earlier builds, and why (the history of content/, content/redirects.yaml);
// nothing to say when the content itself is refused (its lines are the problems).
if (!problems.some((p) => p.rule === 'content')) {
  const { published } = gate.buildPublished(dist, process.env.CONTENT_DIR ?? 'content');
  const report = gate.publishedReport(published);
  console.log(
    report.length === 0
      ? `check-dist: no earlier path needs a redirect or a gone page (${published.history.paths} published paths in ${published.history.commits} content commits).`
      : `check-dist: the paths of earlier builds that no page serves now (${published.history.paths} published in ${published.history.commits} content commits):\n${report.join('\n')}`,
  );
  if (published.history.shallow) console.log('check-dist: a shallow clone: paths published before its oldest commit are unknown.');
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (problems.length) {
  console.error(`check-dist: ${dist}/ must not be published, ${problems.length} problem(s):\n${gate.formatProblems(problems)}`);
  process.exit(1);
}
console.log(
  `check-dist: ${dist}/ passes (content, headers, redirects, budgets, pictures, secrets, new-tab links, links, security.txt, social cards, publishing.json) in ${seconds} s.`,
);
console.log(`check-dist: heaviest pages, gzip: ${budgets.headroom(dist, site.builtPages(dist))}.`);
