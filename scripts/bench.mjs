#!/usr/bin/env node
/**
 * The performance benchmark:
 *
 *   npm run bench [-- --runs N] [-- --skip-build] [-- --no-scale] [-- --count 1000] [-- --max-minutes 40]
 *                 [-- --no-lighthouse] [-- --no-next-page] [-- --next-runs 5] [-- --hover-ms 400]
 *                 [-- --next-engines chromium,firefox] [-- --next-modes on,off] [-- --next-to /a,/b] [-- --next-json file]
 *                 [-- --no-islands] [-- --island-runs 5] [-- --routes /,/contact,/login] [-- --http1]
 *
 * 1. Builds the site (`npm run build`), timed cold (no content cache) and warm
 *    (scripts/bench/build-time.mjs).
 * 2. Serves dist/ on a local port the way Netlify would: HTTP/2 over TLS (a
 *    certificate the bench makes, scripts/bench/tls.mjs; --http1: plain HTTP/1.1),
 *    /about -> about.html, brotli or gzip, ETags, and the headers netlify.toml and
 *    dist/_headers give each path (scripts/bench/serve.mjs).
 * 3. Runs Lighthouse (its default mobile settings; Chromium from CHROME_PATH,
 *    default /usr/bin/chromium) over every URL of the sitemap, /login, /search and the not-found page (every
 *    page a visitor loads; not the CMS at /admin; --routes names fewer), N runs each
 *    (default 1, the median is reported), and prints per route: the four
 *    category scores, FCP, LCP, TBT, CLS, the JavaScript and HTML the page
 *    loaded (gzip -9 of the files in dist/) and third-party requests, then a
 *    summary row (medians) and a worst-case row, checked against the targets
 *    (scripts/bench/lighthouse.mjs, scripts/bench/report.mjs).
 * 4. Next page (scripts/bench/next-page.mjs), on the content plus a post that leads
 *    with a photo (scripts/bench/next-page-site.mjs; with OUT_DIR, that build as it is):
 *    seven navigations a visitor makes (home → products, products → a product, home →
 *    contact, a service → services, blog → post, blog → the photo post, a product
 *    found on the search page), each timed from the click to the new page's largest
 *    contentful paint, then back and forward to the page shown again, in Chromium and
 *    Firefox, with and without the speculation, on a throttled network, the median
 *    and the worst of --next-runs runs, with what each click took. Needs Xvfb and
 *    xdotool (skipped with a note otherwise) and runs Firefox from FIREFOX_PATH
 *    (default /usr/bin/firefox-esr) when it is there.
 * 5. Ready before the tap (scripts/bench/island-ready.mjs): each form island's
 *    first touch → ready on a phone on Lighthouse's phone link, in Chromium and
 *    Firefox, the median of --island-runs runs checked against its target, and
 *    the bytes the form pages, /login, the home page and a page without a form
 *    fetch at load.
 * 6. Times the same build (cold and warm, each with its social cards' share) with N generated products (default
 *    1,000) added to a temporary copy of content/ (scripts/generate-products.mjs),
 *    then removes the temporary folders.
 * 7. Editors' pictures (scripts/bench/images.mjs, also `npm run bench:images`): a 4000×3000
 *    photo of about 3.9 MB in the newest post (the bytes at 390 and 1280 px, LCP and CLS
 *    with and without it), and the build with 100 posts of one photo each, cold and
 *    cached, against the same posts without (--no-images, --photo-posts N).
 *
 * Bounded: each Lighthouse run has a time limit, and once --max-minutes is
 * spent the remaining routes are skipped (and reported as skipped).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { timeGrownBuild, timeSiteBuild } from './bench/build-time.mjs';
import { serveDist } from './bench/serve.mjs';
import { auditRoutes } from './bench/lighthouse.mjs';
import { measureNextPage, THROTTLE } from './bench/next-page.mjs';
import { measureIslandReady, PHONE_LINK, TARGET_MS } from './bench/island-ready.mjs';
import { printBuildTimes, printIslandReady, printLighthouse, printNextPage } from './bench/report.mjs';
import { benchImages, printImages } from './bench/images.mjs';
import { NEXT_SITE, buildNextPageSite } from './bench/next-page-site.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const RUNS = Math.max(1, Number(option('runs', '1')));
const COUNT = Number(option('count', '1000'));
const DEADLINE = Date.now() + Number(option('max-minutes', '40')) * 60_000;
const NEXT_RUNS = Math.max(1, Number(option('next-runs', '5')));
// HTTP/2 over TLS as Netlify serves (the bench's own certificate), or plain HTTP/1.1 as before with --http1.
const PROTOCOL = flag('http1') ? 'http1' : 'h2';
const HOVER_MS = Number(option('hover-ms', '400'));
const ISLAND_RUNS = Math.max(1, Number(option('island-runs', '5')));
// OUT_DIR measures another build folder (as for scripts/check-dist.mjs); --skip-build then, as the build writes dist/.
const DIST = process.env.OUT_DIR ?? 'dist';

// 1. Build.
const timings = [];
if (!flag('skip-build')) {
  console.log('Building the site (npm run build, cold then warm)…');
  timings.push(timeSiteBuild());
}

// 2. Serve: the build as Netlify reads it (src/lib/deploy/dist-folder.ts), the shared reader of a build.
const { module: site } = await runnerImport('./src/lib/deploy/dist-folder.ts');
const headerRules = site.headerRules(DIST, existsSync('netlify.toml') ? readFileSync('netlify.toml', 'utf8') : '');

// 3. Lighthouse: every URL of the sitemap, then the pages it leaves out that visitors still load (/login,
// /search, the not-found page at /404, which Lighthouse can load with a 200); not the CMS at /admin, an editors' tool.
const { module: manifestModule } = await runnerImport('./src/lib/routes/manifest.ts');
const { module: security } = await runnerImport('./src/lib/deploy/csp.ts');
const manifest = manifestModule.readManifest(process.env.CONTENT_DIR ?? 'content');
const unlisted = manifest.routes.map((route) => route.path).filter((path) => path !== security.ADMIN_PATH);
const everyRoute = [...new Set([...site.sitemapPaths(DIST), ...unlisted])];
// --routes: Lighthouse on these paths only (a before/after comparison of a few pages).
const routes = option('routes')
  ? option('routes')
      .split(',')
      .filter((path) => everyRoute.includes(path))
  : everyRoute;
if (!flag('no-lighthouse')) {
  const site = await serveDist({ dist: DIST, headerRules, protocol: PROTOCOL });
  try {
    printLighthouse(await auditRoutes(routes, site, { runs: RUNS, deadline: DEADLINE }), RUNS);
  } finally {
    await site.close();
  }
}

// 4. Next page, on the site with a post that leads with a photo (built into .tmp/bench-next, reused by
// --skip-build when there); with OUT_DIR, on that build as it is.
if (!flag('no-next-page')) {
  let next = { dist: DIST, routes: manifest.routes, photoPost: undefined };
  if (!process.env.OUT_DIR) {
    const reuse = flag('skip-build') && existsSync(join(NEXT_SITE.dist, 'speculation-rules.json'));
    const built = reuse ? NEXT_SITE : await buildNextPageSite();
    if (reuse)
      console.log(`\nNext page: the site built by an earlier run (${NEXT_SITE.dist}, ${statSync(NEXT_SITE.dist).mtime.toISOString()}).`);
    next = { dist: built.dist, routes: manifestModule.readManifest(built.contentDir).routes, photoPost: built.photoPost };
  }
  console.log('\nNext page: seven navigations with back and forward, in Chromium and Firefox…');
  const nextRules = next.dist === DIST ? headerRules : site.headerRules(next.dist, readFileSync('netlify.toml', 'utf8'));
  const served = await serveDist({ dist: next.dist, headerRules: nextRules, throttle: THROTTLE, probe: true, protocol: PROTOCOL });
  try {
    const only = {
      engines: option('next-engines')?.split(','),
      modes: option('next-modes')?.split(','),
      to: option('next-to')?.split(','),
      json: option('next-json'),
    };
    printNextPage(await measureNextPage(served, { ...next, runs: NEXT_RUNS, hoverMs: HOVER_MS, only }), THROTTLE);
  } finally {
    await served.close();
  }
}

// 5. Ready before the tap: Chromium emulates the phone link itself, Firefox gets it from the server.
if (!flag('no-islands')) {
  console.log('\nFirst touch → ready: the form islands in Chromium and Firefox…');
  const open = await serveDist({ dist: DIST, headerRules, protocol: PROTOCOL });
  const throttled = await serveDist({ dist: DIST, headerRules, throttle: PHONE_LINK, protocol: PROTOCOL });
  try {
    const result = await measureIslandReady({ dist: DIST, routes: manifest.routes, runs: ISLAND_RUNS, sites: { open, throttled } });
    printIslandReady(result, { link: PHONE_LINK, targetMs: TARGET_MS });
  } finally {
    await Promise.all([open.close(), throttled.close()]);
  }
}

// 6. Build growth.
if (!flag('no-scale')) {
  console.log(`\nBuilding with ${COUNT} generated products…`);
  timings.push(timeGrownBuild(COUNT));
}
printBuildTimes(timings);

// 6. Editors' pictures.
if (!flag('no-images')) {
  console.log('\nPictures: a 4000×3000 photo in a post, and in each of 100 posts of a build…');
  printImages(await benchImages({ runs: RUNS, posts: Number(option('photo-posts', '100')), protocol: PROTOCOL }));
}
