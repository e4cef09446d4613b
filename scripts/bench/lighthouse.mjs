/**
 * The Lighthouse measurement of the benchmark: each route audited with
 * Lighthouse's default mobile settings in one Chromium (the browser tests'
 * flags, tests/support/chromium.ts), N runs per route and the median kept,
 * each run bounded in time and the whole loop by a deadline.
 */
import { runnerImport } from 'vite';
import { median } from './report.mjs';

const RUN_TIMEOUT = 120_000;
const KEYS = ['perf', 'a11y', 'bp', 'seo', 'fcp', 'lcp', 'tbt', 'cls', 'js', 'html', 'thirdParty'];

const { module: browser } = await runnerImport('./tests/support/chromium.ts');

async function audit(lighthouse, port, url, { origin, gzipSize }) {
  let timer;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), RUN_TIMEOUT)));
  try {
    const result = await Promise.race([
      lighthouse(url, {
        port,
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
      js: requests.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + gzipSize(r.url), 0),
      html: requests.filter((r) => r.resourceType === 'Document').reduce((s, r) => s + gzipSize(r.url), 0),
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

/**
 * Audits each route of `site` (served by scripts/bench/serve.mjs) `runs` times.
 * Returns one row per route (medians, with the failed audits and layout shifts
 * of any run) and the routes skipped for the deadline or failures.
 */
export async function auditRoutes(routes, site, { runs, deadline }) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: browser.CHROME_PATH ?? '/usr/bin/chromium',
    // The server's certificate trusted by its key (scripts/bench/tls.mjs), so the pages load as from a real HTTPS site.
    chromeFlags: ['--headless=new', ...browser.CHROMIUM_FLAGS, ...(site.chromiumFlags ?? [])],
  });
  const results = [];
  const skipped = [];
  try {
    for (const route of routes) {
      if (Date.now() > deadline) {
        skipped.push(route);
        continue;
      }
      const done = [];
      // Lighthouse occasionally loses a trace on a busy machine (NO_NAVSTART): up to two retries per run.
      for (let i = 0, attempts = 0; i < runs && attempts < runs + 2 && Date.now() < deadline; attempts++) {
        try {
          done.push(await audit(lighthouse, chrome.port, `${site.origin}${route}`, site));
          i++;
        } catch (error) {
          console.error(`  ${route}: a run failed: ${error.message}`);
        }
      }
      if (!done.length) {
        skipped.push(route);
        continue;
      }
      const row = Object.fromEntries(KEYS.map((k) => [k, median(done.map((r) => r[k]))]));
      row.route = route;
      row.cpu = median(done.map((r) => r.cpu));
      row.failed = [...new Set(done.flatMap((r) => r.failed))];
      row.shifts = [...new Set(done.flatMap((r) => r.shifts))];
      results.push(row);
      process.stdout.write(`  ${route}: perf ${row.perf}, LCP ${(row.lcp / 1000).toFixed(2)} s\n`);
    }
  } finally {
    chrome.kill();
  }
  return { results, skipped };
}
