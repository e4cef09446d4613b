#!/usr/bin/env node
/**
 * The performance benchmark:
 *
 *   npm run bench [-- --runs N] [-- --skip-build] [-- --no-scale] [-- --count 1000] [-- --max-minutes 40]
 *
 * 1. Builds the site (`npm run build`), timed cold (no content cache) and warm.
 * 2. Serves dist/ on a local port the way Netlify would: /about -> about.html,
 *    gzip, and the headers netlify.toml gives each path (CSP included).
 * 3. Runs Lighthouse (its default mobile settings; Chromium from CHROME_PATH,
 *    default /usr/bin/chromium) over every URL of the sitemap, /login, /search and the not-found page (every
 *    page a visitor loads; not the CMS at /admin), N runs each
 *    (default 1, the median is reported), and prints per route: the four
 *    category scores, FCP, LCP, TBT, CLS, the JavaScript and HTML the page
 *    loaded (gzip -9 of the files in dist/) and third-party requests, then a
 *    summary row (medians) and a worst-case row, checked against the targets.
 * 4. Times the same build (cold and warm) with N generated products (default
 *    1,000) added to a temporary copy of content/ (scripts/generate-products.mjs),
 *    then removes the temporary folders.
 *
 * Bounded: each Lighthouse run has a time limit, and once --max-minutes is
 * spent the remaining routes are skipped (and reported as skipped).
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse as parseToml } from 'smol-toml';
import { runnerImport } from 'vite';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const RUNS = Math.max(1, Number(option('runs', '1')));
const COUNT = Number(option('count', '1000'));
const DEADLINE = Date.now() + Number(option('max-minutes', '40')) * 60_000;
const RUN_TIMEOUT = 120_000;
const DIST = 'dist';
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };

const TARGETS = { score: 100, lcpMedian: 1000, lcpMax: 1200, cls: 0, tbt: 0 };

function run(command, args, extraEnv = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, { env: { ...env, ...extraEnv }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
  }
  return { seconds, output: result.stdout + result.stderr };
}

const pagesIn = (output) => Number(/(\d+) page\(s\) built/.exec(output)?.[1] ?? NaN);

function table(header, rows) {
  const all = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// ---------------------------------------------------------------- 1. build
const timings = [];
// Astro caches the content layer in node_modules/.astro; removing it makes a build "cold".
const clearContentCache = () => rmSync('node_modules/.astro/data-store.json', { force: true });
/** Times a build twice: cold (no content cache) and warm (cache from the first). */
function timeBuild(what, build) {
  clearContentCache();
  const cold = build();
  const warm = build();
  timings.push({ what, pages: cold.pages, cold: cold.seconds, warm: warm.seconds });
}
if (!flag('skip-build')) {
  console.log('Building the site (npm run build, cold then warm)…');
  timeBuild('site (npm run build)', () => {
    const build = run('npm', ['run', 'build']);
    return { seconds: build.seconds, pages: pagesIn(build.output) };
  });
}
if (!existsSync(join(DIST, 'sitemap-index.xml'))) throw new Error('dist/ has no sitemap: build the site first.');

// ---------------------------------------------------------------- 2. serve
const { module: netlify } = await runnerImport('./src/lib/deploy/netlify.ts');
const rules = existsSync('netlify.toml') ? (parseToml(readFileSync('netlify.toml', 'utf8')).headers ?? []) : [];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.xml', '.txt', '.json']);
const gzCache = new Map();
const gz = (file) => {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(file), { level: 9 }));
  return gzCache.get(file);
};

/** dist/ file for a request path, like Netlify with pretty URLs; undefined for a 404. */
function fileFor(pathname) {
  const path = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const candidates =
    path === '/' ? ['index.html'] : [path.slice(1), `${path.slice(1).replace(/\/$/, '')}.html`, join(path.slice(1), 'index.html')];
  return candidates.map((c) => join(DIST, c)).find((f) => existsSync(f) && statSync(f).isFile());
}

const server = createServer((req, res) => {
  const { pathname } = new URL(req.url, 'http://localhost');
  let file = fileFor(pathname);
  let status = 200;
  if (!file) {
    file = join(DIST, '404.html');
    status = 404;
  }
  const ext = extname(file);
  const headers = { 'content-type': TYPES[ext] ?? 'application/octet-stream', ...netlify.headersFor(rules, pathname) };
  let body = readFileSync(file);
  if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    body = gz(file);
    headers['content-encoding'] = 'gzip';
    headers.vary = 'Accept-Encoding';
  }
  headers['content-length'] = body.length;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://localhost:${server.address().port}`;

// ---------------------------------------------------------------- 3. Lighthouse
const sitemapFiles = [...readFileSync(join(DIST, 'sitemap-index.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (m) => new URL(m[1]).pathname,
);
const sitemapRoutes = sitemapFiles.flatMap((f) =>
  [...readFileSync(join(DIST, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname),
);
// Every URL of the sitemap, then the pages it leaves out that visitors still load (/login, /search,
// the not-found page at /404, which Lighthouse can load with a 200); not the CMS at /admin, an editors' tool.
const { module: manifestModule } = await runnerImport('./src/lib/routes/manifest.ts');
const { module: security } = await runnerImport('./src/lib/deploy/csp.ts');
const unlisted = manifestModule
  .readManifest(process.env.CONTENT_DIR ?? 'content')
  .routes.map((route) => route.path)
  .filter((path) => path !== security.ADMIN_PATH);
const routes = [...new Set([...sitemapRoutes, ...unlisted])];

const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});

const gzipOf = (url) => {
  const u = new URL(url);
  if (u.origin !== origin) return 0;
  const file = fileFor(u.pathname) ?? join(DIST, '404.html');
  return gz(file).length;
};

async function audit(url) {
  let timer;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), RUN_TIMEOUT)));
  try {
    const result = await Promise.race([
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      }),
      timeout,
    ]);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const score = (id) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
    const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
      seo: score('seo'),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      js: requests.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + gzipOf(r.url), 0),
      html: requests.filter((r) => r.resourceType === 'Document').reduce((s, r) => s + gzipOf(r.url), 0),
      cpu: lhr.environment?.benchmarkIndex ?? NaN,
      shifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map(
        (i) => `${i.node?.selector ?? i.node?.snippet ?? '?'} (${Number(i.score).toFixed(3)})`,
      ),
      thirdParty: requests.filter((r) => !r.url.startsWith(origin) && !r.url.startsWith('data:')).length,
      failed: Object.values(lhr.categories).flatMap((c) =>
        c.auditRefs.filter((a) => a.weight > 0 && lhr.audits[a.id].score !== null && lhr.audits[a.id].score < 1).map((a) => a.id),
      ),
    };
  } finally {
    clearTimeout(timer);
  }
}

const results = [];
const skipped = [];
try {
  for (const route of routes) {
    if (Date.now() > DEADLINE) {
      skipped.push(route);
      continue;
    }
    const runs = [];
    // Lighthouse occasionally loses a trace on a busy machine (NO_NAVSTART): up to two retries per run.
    for (let i = 0, attempts = 0; i < RUNS && attempts < RUNS + 2 && Date.now() < DEADLINE; attempts++) {
      try {
        runs.push(await audit(`${origin}${route}`));
        i++;
      } catch (error) {
        console.error(`  ${route}: a run failed: ${error.message}`);
      }
    }
    if (!runs.length) {
      skipped.push(route);
      continue;
    }
    const pick = (key) => median(runs.map((r) => r[key]));
    const row = Object.fromEntries(
      ['perf', 'a11y', 'bp', 'seo', 'fcp', 'lcp', 'tbt', 'cls', 'js', 'html', 'thirdParty'].map((k) => [k, pick(k)]),
    );
    row.route = route;
    row.cpu = median(runs.map((r) => r.cpu));
    row.failed = [...new Set(runs.flatMap((r) => r.failed))];
    row.shifts = [...new Set(runs.flatMap((r) => r.shifts))];
    results.push(row);
    process.stdout.write(`  ${route}: perf ${row.perf}, LCP ${(row.lcp / 1000).toFixed(2)} s\n`);
  }
} finally {
  chrome.kill();
  await new Promise((resolve) => server.close(resolve));
}

const s = (ms) => (ms / 1000).toFixed(2);
const k = (bytes) => (bytes / 1000).toFixed(1);
const format = (r, label = r.route) => [
  label,
  r.perf,
  r.a11y,
  r.bp,
  r.seo,
  s(r.fcp),
  s(r.lcp),
  Math.round(r.tbt),
  r.cls.toFixed(3),
  k(r.js),
  k(r.html),
  r.thirdParty,
];
const header = ['route', 'perf', 'a11y', 'bp', 'seo', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'JS KB', 'HTML KB', '3rd'];
const summary = Object.fromEntries(
  ['perf', 'a11y', 'bp', 'seo', 'fcp', 'lcp', 'tbt', 'cls', 'js', 'html', 'thirdParty'].map((key) => [
    key,
    median(results.map((r) => r[key])),
  ]),
);
const worst = {
  ...Object.fromEntries(['perf', 'a11y', 'bp', 'seo'].map((key) => [key, Math.min(...results.map((r) => r[key]))])),
  ...Object.fromEntries(
    ['fcp', 'lcp', 'tbt', 'cls', 'js', 'html', 'thirdParty'].map((key) => [key, Math.max(...results.map((r) => r[key]))]),
  ),
};

const cpu = median(results.map((r) => r.cpu));
console.log(
  `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs per route) ` : ''}on a phone profile (Lighthouse's default mobile settings), ${results.length} routes. JS/HTML: gzip -9 KB loaded by the page.`,
);
console.log(
  `Machine: Lighthouse CPU benchmark index ${Math.round(cpu)} (median), load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (a busy machine inflates TBT and LCP).`,
);
console.log(table(header, [...results.map((r) => format(r)), format(summary, 'MEDIAN'), format(worst, 'WORST')]));
if (skipped.length) console.log(`Skipped (time limit or failures): ${skipped.join(', ')}`);
for (const r of results.filter((x) => x.failed.length)) console.log(`  ${r.route}: audits below 100 in some run: ${r.failed.join(', ')}`);
for (const r of results.filter((x) => x.shifts.length)) console.log(`  ${r.route}: layout shifts in some run: ${r.shifts.join('; ')}`);

const checks = [
  ['all four scores 100 on every route', results.every((r) => [r.perf, r.a11y, r.bp, r.seo].every((v) => v >= TARGETS.score))],
  [`median LCP ≤ ${s(TARGETS.lcpMedian)} s`, summary.lcp <= TARGETS.lcpMedian],
  [`LCP ≤ ${s(TARGETS.lcpMax)} s on every route`, worst.lcp <= TARGETS.lcpMax],
  ['CLS 0 on every route', worst.cls <= TARGETS.cls],
  ['TBT 0 ms on every route', worst.tbt <= TARGETS.tbt],
  ['no third-party request', worst.thirdParty === 0],
];
console.log(`\nTargets: ${checks.map(([name, ok]) => `${ok ? 'PASS' : 'FAIL'} ${name}`).join('; ')}`);

// ---------------------------------------------------------------- 4. build growth
if (!flag('no-scale')) {
  const content = '.tmp/bench-content';
  const out = '.tmp/dist-bench';
  try {
    console.log(`\nBuilding with ${COUNT} generated products…`);
    run('node', ['scripts/generate-products.mjs', '--count', String(COUNT), '--out', content]);
    timeBuild(`site + ${COUNT} products (same steps)`, () => {
      const build = run('npx', ['astro', 'build'], { CONTENT_DIR: content, OUT_DIR: out });
      const index = run('npx', ['pagefind', '--site', out]);
      return { seconds: build.seconds + index.seconds, pages: pagesIn(build.output) };
    });
  } finally {
    rmSync(content, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
    clearContentCache(); // the cache now describes the generated content
  }
}
if (timings.length) {
  console.log('\nBuild time');
  console.log(
    table(
      ['build', 'pages', 'cold s', 'warm s'],
      timings.map((t) => [t.what, t.pages, t.cold.toFixed(1), t.warm.toFixed(1)]),
    ),
  );
  if (timings.length === 2) {
    const [base, big] = timings;
    const extra = big.pages - base.pages;
    const growth = (key) =>
      `+${(big[key] - base[key]).toFixed(1)} s (${(((big[key] - base[key]) * 1000) / extra).toFixed(0)} ms per extra page)`;
    console.log(
      `Growth for +${extra} pages: cold ${growth('cold')}, warm ${growth('warm')}. The machine's load average was ${loadavg()[0].toFixed(1)}.`,
    );
  }
}
