/**
 * The "next page" figure of the benchmark: load a page, hover a link, click
 * it, and time the click to the new page's largest contentful paint (counted
 * from its activation when it was prerendered, so a page painted unseen
 * counts from the moment it is shown). Five navigations a visitor makes,
 * in Chromium (speculation rules) and Firefox (no speculation rules: the
 * light prefetch on intent), with the speculation on and off (the server
 * drops the Speculation-Rules header and refuses the prefetches).
 *
 * The browsers run as a visitor's would: on a virtual screen (Xvfb, 1280x800,
 * kiosk mode), moved by real pointer events (xdotool), with no DevTools
 * attached, because Chromium declines to prerender under DevTools. The page
 * reports its own timings (scripts/bench/probe.js). The network is throttled
 * at the server (scripts/bench/serve.mjs), the same for both engines: one
 * round trip of Lighthouse's mobile profile (150 ms) per request and its
 * bandwidth (1.6 Mbps) per response. Each run starts with a new profile.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { median } from './report.mjs';

export const THROTTLE = { rttMs: 150, kbps: 1638.4 };
const SCREEN = { width: 1280, height: 800 };
const REPORT_TIMEOUT = 90_000;

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
 * The five navigations, found in the route list and the built pages (no path typed here):
 * home → products, products → a product, home → contact, a service → services, blog → post.
 */
export function navigations(dist, routes) {
  const page = (id) => routes.find((r) => r.kind === 'page' && r.id === id)?.path;
  const ofKind = (kind) => routes.filter((r) => r.kind === kind).map((r) => r.path);
  const firstLinkTo = (from, paths) => from && linksOf(dist, from).find((href) => paths.includes(href));
  const home = page('home') ?? '/';
  const blog = page('blog');
  return [
    { from: home, to: page('products') },
    { from: page('products'), to: firstLinkTo(page('products'), ofKind('product')) },
    { from: home, to: page('contact') },
    { from: ofKind('service')[0], to: page('services') },
    { from: blog, to: firstLinkTo(blog, ofKind('post')) },
  ].filter((n) => n.from && n.to);
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
    args: (profile, url) => [
      ...browser.CHROMIUM_FLAGS,
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
    args: (profile, url) => (firefoxProfile(profile), ['--no-remote', '--profile', profile, '--kiosk', url]),
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

/** One navigation in a fresh browser: returns the click-to-paint time and how the page was served. */
async function navigate(engine, site, screen, { from, to }, hoverMs) {
  const { state } = site;
  const env = { ...process.env, DISPLAY: screen.display };
  const pointer = (...args) => execFileSync('xdotool', args, { env });
  const until = async (find, what) => {
    for (const started = Date.now(); Date.now() - started < REPORT_TIMEOUT; await wait(50)) {
      const found = find();
      if (found) return found;
    }
    throw new Error(`no report of ${what} in ${REPORT_TIMEOUT / 1000} s`);
  };
  const firstReport = state.reports.length;
  const reports = () => state.reports.slice(firstReport);
  const profile = mkdtempSync(join(tmpdir(), 'bench-next-page-'));
  // The pointer waits in a corner, away from any link, until the page is shown.
  pointer('mousemove', String(SCREEN.width - 1), String(SCREEN.height - 1));
  const url = `${site.ipOrigin}${from}#bench-link=${encodeURIComponent(to)}`;
  const child = spawn(ENGINES[engine].executable(), ENGINES[engine].args(profile, url), { env, stdio: 'ignore' });
  running.add(child);
  try {
    const shown = await until(() => reports().find((r) => r.type === 'shown' && r.path === from), `${from} shown`);
    if (!shown.link) throw new Error(`${from} has no visible link to ${to}`);
    const firstRequest = state.requests.length;
    pointer('mousemove', String(shown.link.x), String(shown.link.y));
    await wait(hoverMs);
    pointer('click', '1');
    const next = await until(() => reports().find((r) => r.type === 'shown' && r.path === to), `${to} shown`);
    const click = await until(() => reports().find((r) => r.type === 'click' && r.path === from), `the click on ${from}`);
    if (!(next.lcp > 0)) throw new Error(`${to} reported no largest contentful paint`);
    const activation = next.timeOrigin + next.activationStart;
    const paint = activation + Math.max(0, next.lcp - next.activationStart);
    const asked = state.requests.slice(firstRequest).filter((r) => r.path === to);
    const served =
      next.activationStart > 0
        ? 'prerendered'
        : next.deliveryType === 'navigational-prefetch'
          ? 'prefetched'
          : !asked.some((r) => r.purpose === 'prefetch' && r.status === 200)
            ? 'loaded'
            : asked.some((r) => r.status === 304)
              ? 'prefetched, revalidated'
              : // Still fresh in the HTTP cache (pages are fresh for a minute): the click asked nothing.
                asked.every((r) => r.purpose === 'prefetch')
                ? 'prefetched, fresh'
                : 'loaded';
    return { ms: paint - click.at, served };
  } finally {
    child.kill();
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    running.delete(child);
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Measures each navigation `runs` times per engine, with the speculation on
 * and off (off only when the build has no rules: then there is nothing to turn on).
 * Returns { rows, engines, modes, skipped } for scripts/bench/report.mjs.
 */
export async function measureNextPage(site, { dist, routes, runs, hoverMs }) {
  const missing = ['Xvfb', 'xdotool'].filter((command) => !has(command));
  if (missing.length) return { skipped: `needs ${missing.join(' and ')} (Debian: apt-get install xvfb xdotool)` };
  const engines = Object.keys(ENGINES).filter((engine) => existsSync(ENGINES[engine].executable()));
  const modes = existsSync(join(dist, 'speculation-rules.json')) ? ['off', 'on'] : ['off'];
  const list = navigations(dist, routes);
  const screen = await startScreen();
  const samples = new Map();
  const failures = [];
  try {
    for (let run = 0; run < runs; run++) {
      for (const engine of engines) {
        for (const nav of list) {
          for (const mode of modes) {
            site.state.speculation = mode === 'on';
            const key = `${engine} ${mode} ${nav.from} ${nav.to}`;
            try {
              const result = await navigate(engine, site, screen, nav, hoverMs);
              samples.set(key, [...(samples.get(key) ?? []), result]);
              process.stdout.write(
                `  ${ENGINES[engine].label}, speculation ${mode}: ${nav.from} → ${nav.to} ${Math.round(result.ms)} ms (${result.served})\n`,
              );
            } catch (error) {
              failures.push(`${key}: ${error.message}`);
              console.error(`  ${key}: a run failed: ${error.message}`);
            }
          }
        }
      }
    }
  } finally {
    site.state.speculation = true;
    screen.stop();
  }
  const rows = list.map((nav) => ({
    ...nav,
    cells: engines.flatMap((engine) =>
      modes.map((mode) => {
        const got = samples.get(`${engine} ${mode} ${nav.from} ${nav.to}`) ?? [];
        const served = [...new Set(got.map((g) => g.served))];
        return { engine, mode, ms: median(got.map((g) => g.ms)), runs: got.length, served };
      }),
    ),
  }));
  const unexpected = site.state.requests.filter((r) => !['GET', 'HEAD'].includes(r.method));
  return { rows, engines: engines.map((e) => ENGINES[e].label), modes, failures, unexpected, runs, hoverMs };
}
