#!/usr/bin/env node
/**
 * The performance benchmark:
 *
 *   npm run bench [-- --runs N] [-- --skip-build] [-- --no-scale] [-- --count 1000] [-- --max-minutes 40]
 *
 * 1. Builds the site (`npm run build`), timed cold (no content cache) and warm
 *    (scripts/bench/build-time.mjs).
 * 2. Serves dist/ on a local port the way Netlify would: /about -> about.html,
 *    gzip, and the headers netlify.toml gives each path (scripts/bench/serve.mjs).
 * 3. Runs Lighthouse (its default mobile settings; Chromium from CHROME_PATH,
 *    default /usr/bin/chromium) over every URL of the sitemap, /login, /search and the not-found page (every
 *    page a visitor loads; not the CMS at /admin), N runs each
 *    (default 1, the median is reported), and prints per route: the four
 *    category scores, FCP, LCP, TBT, CLS, the JavaScript and HTML the page
 *    loaded (gzip -9 of the files in dist/) and third-party requests, then a
 *    summary row (medians) and a worst-case row, checked against the targets
 *    (scripts/bench/lighthouse.mjs, scripts/bench/report.mjs).
 * 4. Times the same build (cold and warm) with N generated products (default
 *    1,000) added to a temporary copy of content/ (scripts/generate-products.mjs),
 *    then removes the temporary folders.
 *
 * Bounded: each Lighthouse run has a time limit, and once --max-minutes is
 * spent the remaining routes are skipped (and reported as skipped).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { runnerImport } from 'vite';
import { timeGrownBuild, timeSiteBuild } from './bench/build-time.mjs';
import { serveDist } from './bench/serve.mjs';
import { auditRoutes } from './bench/lighthouse.mjs';
import { printBuildTimes, printLighthouse } from './bench/report.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const RUNS = Math.max(1, Number(option('runs', '1')));
const COUNT = Number(option('count', '1000'));
const DEADLINE = Date.now() + Number(option('max-minutes', '40')) * 60_000;
// OUT_DIR measures another build folder (as for scripts/check-dist.mjs); --skip-build then, as the build writes dist/.
const DIST = process.env.OUT_DIR ?? 'dist';

// 1. Build.
const timings = [];
if (!flag('skip-build')) {
  console.log('Building the site (npm run build, cold then warm)…');
  timings.push(timeSiteBuild());
}
if (!existsSync(join(DIST, 'sitemap-index.xml'))) throw new Error(`${DIST}/ has no sitemap: build the site first.`);

// 2. Serve.
const headerRules = existsSync('netlify.toml') ? (parseToml(readFileSync('netlify.toml', 'utf8')).headers ?? []) : [];
const site = await serveDist({ dist: DIST, headerRules });

// 3. Lighthouse: every URL of the sitemap, then the pages it leaves out that visitors still load (/login,
// /search, the not-found page at /404, which Lighthouse can load with a 200); not the CMS at /admin, an editors' tool.
const { module: sitemap } = await runnerImport('./src/lib/routes/sitemap.ts');
const { module: manifestModule } = await runnerImport('./src/lib/routes/manifest.ts');
const { module: security } = await runnerImport('./src/lib/deploy/csp.ts');
const unlisted = manifestModule
  .readManifest(process.env.CONTENT_DIR ?? 'content')
  .routes.map((route) => route.path)
  .filter((path) => path !== security.ADMIN_PATH);
const routes = [...new Set([...sitemap.sitemapPathsIn(DIST), ...unlisted])];
try {
  printLighthouse(await auditRoutes(routes, site, { runs: RUNS, deadline: DEADLINE }), RUNS);
} finally {
  await site.close();
}

// 4. Build growth.
if (!flag('no-scale')) {
  console.log(`\nBuilding with ${COUNT} generated products…`);
  timings.push(timeGrownBuild(COUNT));
}
printBuildTimes(timings);
