/**
 * The "next page" figure of the benchmark: load a page, hover a link, click
 * it, and time the click to the new page's largest contentful paint (counted
 * from its activation when it was prerendered, so a page painted unseen
 * counts from the moment it is shown); then go back and forward (Alt+Left,
 * Alt+Right), and time each key to the page shown again, restored
 * from the back/forward cache (bfcache) or loaded again (with the reasons
 * Chromium gives, `notRestoredReasons`). Seven navigations a visitor makes
 * (./next-page-site.mjs builds the site with a post that leads with a photo),
 * in Chromium (speculation rules) and Firefox (no speculation rules: the light
 * prefetch on intent), with the speculation on and off (the server drops the
 * Speculation-Rules header and refuses the prefetches). Each navigation runs
 * N times; the table gives the median and the worst run, and what the time of
 * each was made of.
 *
 * The browsers run as a visitor's would: on a virtual screen (Xvfb, 1280x800,
 * kiosk mode), moved by real pointer events (xdotool), with no DevTools
 * attached, because Chromium declines to prerender under DevTools. The page
 * reports its own timings (scripts/bench/probe.js). The network is throttled
 * at the server (scripts/bench/serve.mjs, HTTP/2 over TLS by default), the same
 * for both engines: one round trip of Lighthouse's mobile profile (150 ms) per
 * request and its bandwidth (1.6 Mbps) per response. Each run starts with a new
 * profile.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { median } from './report.mjs';

export const THROTTLE = { rttMs: 150, kbps: 1638.4 };
/** The goal for every navigation, back and forward included, in every run (not only the median). */
export const TARGET_MS = 100;
const SCREEN = { width: 1280, height: 800 };
const REPORT_TIMEOUT = 90_000;
/** The keys for back and forward in both engines (Xvfb's pointer has no side buttons). */
const KEYS = { back: 'alt+Left', forward: 'alt+Right' };

const { module: browser } = await runnerImport('./tests/support/chromium.ts');
const { module: site } = await runnerImport('./src/lib/deploy/dist-folder.ts');

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The processes this module started and has not stopped yet: stopped too when the benchmark is interrupted. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    for (const child of running) child.kill();
    process.exit(130);
  });
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** The links of a built page, in document order. */
const linksOf = (dist, path) =>
  [...readFileSync(join(dist, site.pageFile(path)), 'utf8').matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]);

/**
 * The navigations, found in the route list and the built pages (no path typed here): home → products,
 * products → a product, home → contact, a service → services, blog → a post, blog → the post that leads
 * with a photo, and a product found by its name on the search page.
 */
export function navigations(dist, routes, { photoPost } = {}) {
  const page = (id) => routes.find((r) => r.kind === 'page' && r.id === id)?.path;
  const ofKind = (kind) => routes.filter((r) => r.kind === kind).map((r) => r.path);
  const firstLinkTo = (from, paths) => from && linksOf(dist, from).find((href) => paths.includes(href));
  const home = page('home') ?? '/';
  const blog = page('blog');
  const found = routes.filter((r) => r.kind === 'product').at(-1);
  const search = page('search');
  return [
    { from: home, to: page('products') },
    { from: page('products'), to: firstLinkTo(page('products'), ofKind('product')) },
    { from: home, to: page('contact') },
    { from: ofKind('service')[0], to: page('services') },
    {
      from: blog,
      to: firstLinkTo(
        blog,
        ofKind('post').filter((path) => path !== photoPost),
      ),
    },
    photoPost && { from: blog, to: firstLinkTo(blog, [photoPost]), what: 'a post that leads with a photo' },
    found && search && { from: `${search}?q=${encodeURIComponent(found.meta.name ?? found.id)}`, to: found.path, what: 'a search result' },
  ].filter((n) => n && n.from && n.to);
}

function firefoxProfile(dir) {
  // A first run that goes straight to the page: no welcome tab, default-browser question or telemetry notice.
  const prefs = {
    'browser.shell.checkDefaultBrowser': false,
    'browser.aboutwelcome.enabled': false,
    'browser.startup.homepage_override.mstone': 'ignore',
    'datareporting.policy.dataSubmissionEnabled': false,
    'toolkit.telemetry.reportingpolicy.firstRun': false,
    'app.update.disabledForTesting': true,
  };
  writeFileSync(
    join(dir, 'user.js'),
    Object.entries(prefs)
      .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});\n`)
      .join(''),
  );
}

const ENGINES = {
  chromium: {
    label: 'Chromium',
    executable: () => browser.CHROME_PATH ?? '/usr/bin/chromium',
    args: (profile, url, served) => [
      ...browser.CHROMIUM_FLAGS,
      ...served.chromiumFlags,
      '--no-default-browser-check',
      '--password-store=basic',
      `--user-data-dir=${profile}`,
      '--kiosk',
      '--window-position=0,0',
      `--window-size=${SCREEN.width},${SCREEN.height}`,
      url,
    ],
  },
  firefox: {
    label: 'Firefox',
    executable: () => process.env.FIREFOX_PATH || '/usr/bin/firefox-esr',
    args: (profile, url, served) => {
      firefoxProfile(profile);
      served.trustInFirefox(profile);
      return ['--no-remote', '--profile', profile, '--kiosk', url];
    },
  },
};

/** A virtual screen for the browsers; `display` is its DISPLAY. */
async function startScreen() {
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', `${SCREEN.width}x${SCREEN.height}x24`, '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  running.add(xvfb);
  const display = await new Promise((resolve, reject) => {
    xvfb.stdout.once('data', (data) => resolve(`:${String(data).trim()}`));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
  return {
    display,
    stop: () => {
      xvfb.kill();
      running.delete(xvfb);
    },
  };
}

/** Chromium's reasons for not restoring a page from the bfcache (its own and its frames'), as a flat list. */
export function notRestoredReasons(tree) {
  if (!tree) return [];
  const own = (tree.reasons ?? []).map((r) => (typeof r === 'string' ? r : r.reason));
  return [...new Set([...own, ...(tree.children ?? []).flatMap(notRestoredReasons)])];
}

/**
 * How the new page was served: prerendered (Chromium), prefetched (fresh in the HTTP cache or revalidated:
 * the other engines' prefetch on intent) or loaded after the click.
 */
function servedAs(next, asked) {
  if (next.activationStart > 0) return 'prerendered';
  if (next.deliveryType === 'navigational-prefetch') return 'prefetched';
  if (!asked.some((r) => r.purpose === 'prefetch' && r.status === 200)) return 'loaded';
  if (asked.some((r) => r.status === 304)) return 'prefetched, revalidated';
  // Still fresh in the HTTP cache (pages are fresh for a minute): the click asked nothing.
  return asked.every((r) => r.purpose === 'prefetch') ? 'prefetched, fresh' : 'loaded';
}

/**
 * What a click's time was made of (ms): for a prerendered page, the click to its activation and the
 * activation to its paint, and how long after the click its HTML arrived (0: before it); for another,
 * the click to the end of its HTML's response and that to its paint.
 */
function partsOf(next, clickAt, paint) {
  const documentEnd = next.timeOrigin + (next.detail?.navigation?.responseEnd ?? 0);
  if (next.activationStart > 0) {
    const activation = next.timeOrigin + next.activationStart;
    return { toActivation: activation - clickAt, toPaint: paint - activation, htmlLate: Math.max(0, documentEnd - clickAt) };
  }
  return { toHtml: documentEnd - clickAt, toPaint: paint - documentEnd };
}

/**
 * One navigation in a fresh browser: the click to the new page's paint and how the page was served, and
 * with `backForward` the back and forward buttons after it, each to the page shown again.
 */
async function navigate(engine, served, screen, { from, to }, { hoverMs, backForward }) {
  const { state } = served;
  const env = { ...process.env, DISPLAY: screen.display };
  const pointer = (...args) => execFileSync('xdotool', args, { env });
  const until = async (find, what) => {
    for (const started = Date.now(); Date.now() - started < REPORT_TIMEOUT; await wait(20)) {
      const found = find();
      if (found) return found;
    }
    throw new Error(`no report of ${what} in ${REPORT_TIMEOUT / 1000} s`);
  };
  const since = (mark) => state.reports.slice(mark);
  const firstReport = state.reports.length;
  const fromPath = new URL(from, 'https://x').pathname;
  const profile = mkdtempSync(join(tmpdir(), 'bench-next-page-'));
  // The pointer waits in a corner, away from any link, until the page is shown.
  const corner = () => pointer('mousemove', String(SCREEN.width - 1), String(SCREEN.height - 1));
  corner();
  const url = `${served.ipOrigin}${from}#bench-link=${encodeURIComponent(to)}`;
  const child = spawn(ENGINES[engine].executable(), ENGINES[engine].args(profile, url, served), { env, stdio: 'ignore' });
  running.add(child);
  try {
    const shown = await until(() => since(firstReport).find((r) => r.type === 'shown' && r.path === fromPath), `${from} shown`);
    if (!shown.link) throw new Error(`${from} has no visible link to ${to}`);
    // The keyboard to the browser's window (no window manager gives it focus on the virtual screen).
    const windows = String(pointer('search', '--onlyvisible', '--pid', String(child.pid)))
      .trim()
      .split('\n');
    pointer('windowfocus', '--sync', windows.at(-1));
    const firstRequest = state.requests.length;
    const hovered = state.reports.length;
    pointer('mousemove', String(shown.link.x), String(shown.link.y));
    await wait(hoverMs);
    pointer('click', '1');
    const next = await until(() => since(hovered).find((r) => r.type === 'shown' && r.path === to), `${to} shown`);
    const click = await until(() => since(hovered).find((r) => r.type === 'click' && r.path === fromPath), `the click on ${from}`);
    if (!(next.lcp > 0)) throw new Error(`${to} reported no largest contentful paint`);
    const activation = next.timeOrigin + next.activationStart;
    const paint = activation + Math.max(0, next.lcp - next.activationStart);
    const asked = state.requests.slice(firstRequest).filter((r) => r.path === to);
    const forward = { ms: paint - click.at, served: servedAs(next, asked), parts: partsOf(next, click.at, paint) };
    const raw = { click, next, requests: state.requests.slice(firstRequest).map((r) => ({ ...r, at: r.at - click.at })) };
    if (!backForward) return { forward, raw };

    /** A press of back or forward (the keys), timed from the key the page saw to the page shown again. */
    const press = async (direction, path) => {
      corner();
      const mark = state.reports.length;
      const sent = Date.now();
      pointer('key', KEYS[direction]);
      const again = await until(
        () => since(mark).find((r) => r.path === path && (r.type === 'restored' || r.type === 'shown')),
        `${path} after ${direction}`,
      );
      // The page saw the key before the browser acted on it.
      const at = since(mark).find((r) => r.type === 'leave' && r.direction === direction)?.at ?? sent;
      const left = since(mark).find((r) => r.type === 'hidden');
      if (again.type === 'restored') return { ms: again.secondFrame - at, served: 'bfcache', reasons: [] };
      const reasons = notRestoredReasons(again.notRestoredReasons);
      if (!reasons.length && left && !left.persisted) reasons.push('pagehide: not persisted');
      return { ms: again.timeOrigin + again.lcp - at, served: 'loaded again', reasons };
    };
    const back = await press('back', fromPath);
    const forwardAgain = await press('forward', to);
    return { forward, back, forwardAgain, raw };
  } finally {
    child.kill();
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    running.delete(child);
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** Median and worst of a list of results (of one step of one navigation), with how the pages were served. */
function summary(results) {
  if (!results.length) return { runs: 0 };
  const ms = results.map((r) => r.ms);
  const worst = results[ms.indexOf(Math.max(...ms))];
  const parts = Object.keys(results[0].parts ?? {});
  return {
    runs: results.length,
    ms: median(ms),
    worst: worst.ms,
    all: ms,
    served: [...new Set(results.map((r) => r.served))],
    reasons: [...new Set(results.flatMap((r) => r.reasons ?? []))],
    parts: Object.fromEntries(parts.map((key) => [key, median(results.map((r) => r.parts[key]))])),
    worstParts: worst.parts,
  };
}

/**
 * Measures each navigation `runs` times per engine and mode (speculation on: with back and forward; off:
 * the click only). `only` narrows the engines and modes, and `json` appends each run's raw reports to a file.
 * Returns what scripts/bench/report.mjs prints.
 */
export async function measureNextPage(served, { dist, routes, runs, hoverMs, photoPost, only = {} }) {
  const missing = ['Xvfb', 'xdotool'].filter((command) => !has(command));
  if (missing.length) return { skipped: `needs ${missing.join(' and ')} (Debian: apt-get install xvfb xdotool)` };
  const engines = Object.keys(ENGINES).filter(
    (engine) => existsSync(ENGINES[engine].executable()) && (!only.engines || only.engines.includes(engine)),
  );
  const modes = (existsSync(join(dist, 'speculation-rules.json')) ? ['on', 'off'] : ['off']).filter(
    (mode) => !only.modes || only.modes.includes(mode),
  );
  const list = navigations(dist, routes, { photoPost }).filter((nav) => !only.to || only.to.includes(nav.to));
  const screen = await startScreen();
  const samples = new Map();
  const failures = [];
  const add = (key, result) => result && samples.set(key, [...(samples.get(key) ?? []), result]);
  try {
    for (let run = 0; run < runs; run++) {
      for (const engine of engines) {
        for (const [index, nav] of list.entries()) {
          for (const mode of modes) {
            served.state.speculation = mode === 'on';
            const key = `${engine} ${mode} ${index}`;
            try {
              const result = await navigate(engine, served, screen, nav, { hoverMs, backForward: mode === 'on' });
              add(`${key} forward`, result.forward);
              add(`${key} back`, result.back);
              add(`${key} forwardAgain`, result.forwardAgain);
              if (only.json) {
                const { forward, back, forwardAgain, raw } = result;
                appendFileSync(only.json, `${JSON.stringify({ engine, mode, run, ...nav, forward, back, forwardAgain, ...raw })}\n`);
              }
              const step = (r) => (r ? ` ${Math.round(r.ms)} ms (${r.served}${r.reasons?.length ? `: ${r.reasons.join(', ')}` : ''})` : '');
              process.stdout.write(
                `  ${ENGINES[engine].label}, speculation ${mode}: ${nav.from} → ${nav.to}${step(result.forward)}` +
                  `${result.back ? `; back${step(result.back)}; forward${step(result.forwardAgain)}` : ''}\n`,
              );
            } catch (error) {
              failures.push(`${key} (${nav.from} → ${nav.to}): ${error.message}`);
              console.error(`  ${engine} ${mode} ${nav.from} → ${nav.to}: a run failed: ${error.message}`);
            }
          }
        }
      }
    }
  } finally {
    served.state.speculation = true;
    screen.stop();
  }
  const rows = list.map((nav, index) => ({
    ...nav,
    cells: engines.flatMap((engine) =>
      modes.map((mode) => ({
        engine: ENGINES[engine].label,
        mode,
        forward: summary(samples.get(`${engine} ${mode} ${index} forward`) ?? []),
        back: summary(samples.get(`${engine} ${mode} ${index} back`) ?? []),
        forwardAgain: summary(samples.get(`${engine} ${mode} ${index} forwardAgain`) ?? []),
      })),
    ),
  }));
  const unexpected = served.state.requests.filter((r) => !['GET', 'HEAD'].includes(r.method));
  return {
    rows,
    engines: engines.map((e) => ENGINES[e].label),
    modes,
    failures,
    unexpected,
    runs,
    hoverMs,
    protocol: served.protocol,
    targetMs: TARGET_MS,
  };
}
