/**
 * The "ready before the tap" figures of the benchmark, on a phone on Lighthouse's phone link:
 *
 * - first touch → ready: each form island (the forms, the sign-in card; found in the built
 *   pages, the first page that has each) is loaded in a new browser context (empty cache), the
 *   page left alone until its network is quiet (a visitor reading), then the first field of the
 *   island is tapped, and the time from the touch to the island's `island:ready` event
 *   (src/components/forms/useIslandReady.ts: hydrated, what was typed taken over) is taken, with
 *   the scripts fetched after the touch and the round trips they took. The median of N runs is
 *   checked against the target (TARGET_MS). The same tap right after the load event (an impatient
 *   visitor: what is fetched ahead is still on its way) is timed too, for information;
 * - bytes at load: what a page fetches before any interaction, HTML, CSS and JavaScript, and
 *   when the last script arrived after the load event (an island's code fetched ahead), for the
 *   form pages, /login, the home page and a page without a form.
 *
 * Chromium runs at 390×844 with touch and the network emulated by DevTools (150 ms latency,
 * 1.6 Mbps down, 750 kbps up: Lighthouse's phone link), Firefox (no network emulation or touch
 * over BiDi: a pointer's click, timed from the pointer arriving over the island) on the
 * server's throttle of the same link (scripts/bench/serve.mjs: each response held
 * one round trip plus its transfer time). The server compresses as Netlify does (brotli, else gzip).
 * Figures come from the page's own clocks (event time stamps, Resource Timing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, firefox } from '@playwright/test';
import { runnerImport } from 'vite';
import { median } from './report.mjs';

/** Lighthouse's phone link (its mobile throttling: 150 ms round trip, 1.6 Mbps down, 750 kbps up). */
export const PHONE_LINK = { rttMs: 150, kbps: 1638.4, upKbps: 750 };
/** First touch → ready, median, per island (the goal). */
export const TARGET_MS = 300;
const PHONE = { width: 390, height: 844 };
/** The network counts as quiet after this long without a request in flight (a visitor reading the page). */
const QUIET_MS = 1500;

const { module: browser } = await runnerImport('./tests/support/chromium.ts');
const { module: site } = await runnerImport('./src/lib/deploy/dist-folder.ts');
const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/**
 * What the page records: the first touch (or, in Firefox, which has no touch over BiDi, the pointer
 * arriving over the island, which starts it as a touch does), the first island ready (page clock, ms).
 */
const PROBE = () => {
  const bench = { touch: 0, ready: 0 };
  Object.assign(window, { __bench: bench });
  for (const type of ['touchstart', 'pointerdown', 'mousedown', 'mouseover'])
    addEventListener(
      type,
      (event) => {
        if (type !== 'mouseover' || event.target.closest?.('astro-island')) bench.touch ||= event.timeStamp;
      },
      { capture: true, passive: true },
    );
  document.addEventListener('island:ready', () => void (bench.ready ||= performance.now()), true);
};

/**
 * The form islands (islands that hold a form: client:form, src/directives/form.ts; client:interaction
 * before it), each with the first
 * page that has it, and the home page, a page without a form, /login and the form pages for the bytes at load.
 */
export function benchPages(dist, routes) {
  const islands = new Map();
  const formPaths = new Set();
  const pageOf = (id) => routes.find((r) => r.kind === 'page' && r.id === id)?.path;
  const paths = [...new Set(routes.map((r) => r.path))].filter((p) => existsSync(join(dist, site.pageFile(p))));
  for (const path of paths) {
    const html = readFileSync(join(dist, site.pageFile(path)), 'utf8');
    for (const match of html.matchAll(/<astro-island\b[^>]*>([\s\S]*?)<\/astro-island>/g)) {
      const component = /component-url="\/_astro\/([A-Za-z]+)\./.exec(match[0])?.[1];
      if (!component || !/\bclient="(form|interaction)"/.test(match[0]) || !/<form\b/.test(match[1])) continue;
      formPaths.add(path);
      if (!islands.has(component)) islands.set(component, path);
    }
  }
  const home = pageOf('home') ?? '/';
  const plain = pageOf('about') ?? paths.find((p) => p !== home && !formPaths.has(p));
  return {
    islands: [...islands].map(([component, path]) => ({ component, path })),
    loads: [...new Set([home, plain, ...formPaths].filter(Boolean))],
  };
}

/** The engine, trusting the bench server's certificate (Chromium by its flag; Firefox's contexts ignore HTTPS errors). */
async function launch(engine, served) {
  if (engine === 'chromium')
    return chromium.launch({ executablePath: browser.CHROME_PATH, args: [...browser.CHROMIUM_FLAGS, ...served.chromiumFlags] });
  return firefox.launch({ channel: 'moz-firefox', executablePath: FIREFOX_PATH });
}

/** A new context (empty cache) with one page on the phone link. */
async function phonePage(engine, instance) {
  // Firefox has no mobile mode or touch over BiDi: a pointer there.
  const context = await instance.newContext({
    viewport: PHONE,
    ignoreHTTPSErrors: engine === 'firefox',
    ...(engine === 'chromium' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {}),
  });
  const page = await context.newPage();
  await page.addInitScript(PROBE);
  if (engine === 'chromium') {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_LINK.rttMs,
      downloadThroughput: (PHONE_LINK.kbps * 1024) / 8,
      uploadThroughput: (PHONE_LINK.upKbps * 1024) / 8,
    });
  }
  return { context, page };
}

/** Resource Timing of the page's requests so far, with the load event's time. */
const timings = (page) =>
  page.evaluate(() => ({
    load: performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0,
    resources: performance.getEntriesByType('resource').map((r) => ({
      url: r.name,
      start: r.startTime,
      end: r.responseEnd,
      bytes: r.encodedBodySize,
    })),
  }));

/** Wait for the load event, then until no request has started or ended for QUIET_MS. */
async function quiet(page) {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    (ms) => {
      const entries = performance.getEntriesByType('resource');
      const last = Math.max(0, ...entries.map((e) => e.responseEnd), performance.getEntriesByType('navigation')[0].loadEventEnd);
      const pending = entries.some((e) => e.responseEnd === 0);
      return !pending && performance.now() - last > ms;
    },
    QUIET_MS,
    { polling: 100, timeout: 60_000 },
  );
}

/**
 * Round trips of a set of requests: the longest chain in which each request started after the one
 * before it had arrived (requests in parallel share a round trip).
 */
export function roundTrips(requests) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth = [];
  sorted.forEach((r, i) => {
    const before = sorted.slice(0, i).filter((q, j) => q.end <= r.start && depth[j] !== undefined);
    depth[i] = 1 + Math.max(0, ...before.map((q) => depth[sorted.indexOf(q)]));
  });
  return Math.max(0, ...depth);
}

const isScript = (url) => new URL(url).pathname.endsWith('.js');

/**
 * One tap on the island's first field, once the page has settled (or at its load event, `atLoad`):
 * touch → ready and what the touch fetched.
 */
async function tapRun(engine, instance, origin, { component, path }, { atLoad = false } = {}) {
  const { context, page } = await phonePage(engine, instance);
  try {
    await page.goto(`${origin}${path}`);
    if (!atLoad) await quiet(page);
    const island = page.locator(`astro-island[component-url*="/${component}."]`);
    const field = island.locator('input:not([type="hidden"]):not([tabindex="-1"]), textarea, select').first();
    await field.scrollIntoViewIfNeeded();
    const before = await timings(page);
    if (engine === 'chromium') await field.tap();
    else await field.click();
    await page.waitForFunction(() => window.__bench.ready > 0, undefined, { polling: 10, timeout: 60_000 });
    const { touch: touchedAt, ready } = await page.evaluate(() => window.__bench);
    const after = await timings(page);
    const fetched = after.resources.filter((r) => r.start >= touchedAt && isScript(r.url));
    return {
      ms: ready - touchedAt,
      aheadFiles: before.resources.filter((r) => isScript(r.url)).length,
      files: fetched.length,
      bytes: fetched.reduce((sum, r) => sum + r.bytes, 0),
      trips: roundTrips(fetched),
    };
  } finally {
    await context.close();
  }
}

/** What a page fetches at load until its network is quiet (no interaction). */
async function loadRun(engine, instance, origin, path) {
  const { context, page } = await phonePage(engine, instance);
  try {
    await page.goto(`${origin}${path}`);
    await quiet(page);
    const { load, resources } = await timings(page);
    const document = await page.evaluate(() => performance.getEntriesByType('navigation')[0].encodedBodySize);
    const scripts = resources.filter((r) => isScript(r.url));
    const kind = (url) => new URL(url).pathname.split('.').pop();
    return {
      html: document,
      css: resources.filter((r) => kind(r.url) === 'css').reduce((s, r) => s + r.bytes, 0),
      js: scripts.reduce((s, r) => s + r.bytes, 0),
      files: scripts.length,
      other: resources.filter((r) => !['css', 'js'].includes(kind(r.url))).reduce((s, r) => s + r.bytes, 0),
      // When the page's scripts arrived, from the load event (negative: before it).
      jsFrom: scripts.length ? Math.min(...scripts.map((r) => r.start)) - load : NaN,
      jsTo: scripts.length ? Math.max(...scripts.map((r) => r.end)) - load : NaN,
    };
  } finally {
    await context.close();
  }
}

/**
 * Measures every form island `runs` times per engine, and the bytes at load of the pages.
 * `sites`: the server without throttle (Chromium emulates the link) and with it (Firefox).
 */
export async function measureIslandReady({ dist, routes, runs, sites }) {
  const { islands, loads } = benchPages(dist, routes);
  const engines = ['chromium', ...(existsSync(FIREFOX_PATH) ? ['firefox'] : [])];
  const ready = [];
  const bytes = [];
  const failures = [];
  for (const engine of engines) {
    const served = engine === 'chromium' ? sites.open : sites.throttled;
    const origin = served.ipOrigin;
    const instance = await launch(engine, served);
    try {
      // A browser's first page load is slower (its own start-up): one load first, not counted.
      await loadRun(engine, instance, origin, loads[0]).catch(() => {});
      for (const island of islands) {
        const samples = [];
        const atLoad = [];
        for (let run = 0; run < runs; run++) {
          try {
            samples.push(await tapRun(engine, instance, origin, island));
            atLoad.push(await tapRun(engine, instance, origin, island, { atLoad: true }));
          } catch (error) {
            failures.push(`${engine} ${island.component}: ${error.message.split('\n')[0]}`);
          }
        }
        const ms = samples.map((s) => s.ms);
        const row = { engine, ...island, runs: samples.length, ms: median(ms), min: Math.min(...ms), max: Math.max(...ms) };
        for (const key of ['aheadFiles', 'files', 'bytes', 'trips']) row[key] = median(samples.map((s) => s[key]));
        row.atLoad = median(atLoad.map((s) => s.ms));
        ready.push(row);
        process.stdout.write(
          `  ${engine} ${island.component} (${island.path}): ${Math.round(row.ms)} ms (${ms.map(Math.round).join(', ')}); tapped at load ${Math.round(row.atLoad)} ms\n`,
        );
      }
      for (const path of loads) {
        try {
          bytes.push({ engine, path, ...(await loadRun(engine, instance, origin, path)) });
        } catch (error) {
          failures.push(`${engine} load ${path}: ${error.message.split('\n')[0]}`);
        }
      }
    } finally {
      await instance.close();
    }
  }
  return { ready, bytes, failures, runs, engines };
}
