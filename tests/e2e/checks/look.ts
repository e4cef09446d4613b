/**
 * What a page looks like: a picture of the whole page compared with its committed baseline,
 * tests/e2e/looks/<project>/<page>.webp (snapshotPathTemplate in playwright.config.ts; lossless WebP,
 * tests/support/pictures.ts). Taken on the visit's own load, at rest: after the first scroll has hydrated
 * the parallax hero and the page is back at the top, before any check resizes or re-emulates it. A
 * change that moves pixels fails until it is accepted with `npm run test:looks -- --update-snapshots`
 * (CONTRIBUTING.md, "Checks and budgets").
 *
 * No page reads a clock: the copyright year is `copyrightYear` in content/site.yaml and a post's date
 * its front matter. The build's time decides only which scheduled entries are live, so an entry coming
 * due changes the pages that list it, as any content change does, and their baselines are accepted then.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import {
  PAGE_TOLERANCE,
  STATE_TOLERANCE,
  comparePictures,
  decode,
  fromBaseline,
  toBaseline,
  toPng,
  type Picture,
  type Tolerance,
} from '../../support/pictures';
import { capture } from './capture';

/** The baseline's name: the page's path with dashes for slashes (/services/managed-business → services-managed-business.webp). */
export const lookName = (path: string, notFound: boolean) => `${notFound ? '404' : path.slice(1).replaceAll('/', '-') || 'home'}.webp`;

/**
 * Transitions and animations off (Playwright's `animations` only settles CSS ones at the shot), no caret, no
 * smooth scroll; the parallax layers at rest without their translate3d(0, 0, 0), which leaves them composited:
 * an edge pixel of the hero's first avatar, drawn over them, came out one of two ways (5 of 255 apart) run to run.
 */
const AT_REST_CSS = `*, *::before, *::after {
  transition: none !important; animation: none !important; caret-color: transparent !important; scroll-behavior: auto !important;
}
[data-parallax-hero] [data-decorative] > * { transform: none !important; }`;
/** For a state: its animations finished by Playwright instead (a notice's icon drawn in, not at its first frame). */
const STATE_AT_REST_CSS = AT_REST_CSS.replace(' animation: none !important;', '');

/**
 * Bring the page to the state every run meets: pictures loaded (the lazy ones made eager, all decoded),
 * fonts loaded, motion off, at the top. Returns the page's height and `restore`, which takes the style
 * off again, so the checks after the picture meet the page as a visitor does.
 */
async function atRest(page: Page, css = AT_REST_CSS): Promise<{ height: number; restore: () => Promise<unknown> }> {
  const height = await page.evaluate(async (css) => {
    const style = Object.assign(document.createElement('style'), { id: 'look-at-rest', textContent: css });
    document.head.append(style);
    const images = [...document.images];
    for (const img of images) if (img.loading === 'lazy') img.loading = 'eager';
    // A picture that fails to load is the visit's "requests that failed", not the look's.
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    await document.fonts.ready;
    scrollTo({ top: 0, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return document.documentElement.scrollHeight;
  }, css);
  return { height, restore: () => page.evaluate(() => document.getElementById('look-at-rest')?.remove()) };
}

/**
 * The families the site's font stacks end in on Linux (system-ui and sans-serif: DejaVu Sans; Arial's
 * metric twin Liberation Sans; Liberation Mono for code), as fontconfig resolves them.
 */
const FONT_FAMILIES = ['system-ui', 'sans-serif', 'Arial', 'Liberation Mono'];

/** What drew the pictures: the engine's version and the font file behind each family (fc-match; "?" without fontconfig). */
function rendererOf(page: Page): Record<string, string> {
  const font = (family: string) => {
    try {
      return execFileSync('fc-match', ['-f', '%{file}', family], { encoding: 'utf8' });
    } catch {
      return '?';
    }
  };
  return { chromium: page.context().browser()?.version() ?? '?', ...Object.fromEntries(FONT_FAMILIES.map((f) => [f, font(f)])) };
}

/**
 * `renderer.json` beside a project's baselines records what drew them, written with them. A failure made
 * on another engine or other fonts (a Chromium update from Debian, a machine without the fonts .ci/run
 * installs) says so, since then every page differs at once and the cause is not in the code.
 */
function rendererNote(page: Page, baseline: string, write: boolean): string {
  const file = join(dirname(baseline), 'renderer.json');
  const now = rendererOf(page);
  if (write) {
    writeFileSync(file, `${JSON.stringify(now, null, 2)}\n`);
    return '';
  }
  const then = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const changed = Object.keys(now).filter((key) => now[key] !== then[key]);
  return changed.length
    ? `; the baselines were drawn by ${changed.map((key) => `${key} ${then[key] ?? '?'}`).join(', ')}, this run by ${changed.map((key) => `${key} ${now[key]}`).join(', ')} (${relative(process.cwd(), file)})`
    : '';
}

/**
 * The picture `take` makes against the baseline `name`, as Playwright's `--update-snapshots` asks
 * (`testInfo.config.updateSnapshots`): without it a difference fails the test (softly, so the visit's
 * other checks still run) and attaches `<name>-expected.png`, `-actual.png` and `-diff.png`, which the
 * HTML report shows side by side and as a slider; with `changed` a picture over its tolerance is
 * rewritten, with `all` one whose pixels differ at all (so ten runs that rewrite nothing show ten runs of
 * the same pixels); a missing baseline is written unless `none`, and fails the run that wrote it unless
 * it was asked for. A picture that differs is taken once more before it counts: a frame late to settle
 * is not a change. Returns the baseline's size in bytes, as it stands after the call.
 */
async function matchBaseline(page: Page, name: string, take: () => Promise<Buffer>, tolerance: Tolerance): Promise<number> {
  const testInfo = test.info();
  const file = testInfo.snapshotPath(name);
  const where = relative(process.cwd(), file);
  const mode = testInfo.config.updateSnapshots;
  const write = async (picture: Picture, why: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, await toBaseline(picture));
    rendererNote(page, file, true);
    testInfo.annotations.push({ type: 'look', description: `${where} ${why}` });
    console.log(`look: ${where} ${why}`);
  };
  let actual = await decode(await take());
  if (!existsSync(file)) {
    if (mode !== 'none') await write(actual, 'written (it had no baseline)');
    expect
      .soft(mode === 'all' || mode === 'changed', `look: ${where} has no baseline${mode === 'none' ? '' : '; written from this run'}`)
      .toBe(true);
    return existsSync(file) ? statSync(file).size : 0;
  }
  const expected = await fromBaseline(file);
  let result = comparePictures(expected, actual, tolerance);
  if (!result.same) {
    actual = await decode(await take());
    result = comparePictures(expected, actual, tolerance);
  }
  if (mode === 'all' ? !(result.same && result.differing === 0) : mode === 'changed' && !result.same) {
    await write(actual, result.same ? `rewritten (${result.differing} pixels within the tolerance)` : `rewritten (${result.reason})`);
  } else if (!result.same) {
    // Files under test-results/ for a person, and attachments for the report.
    const stem = name.replace(/\.webp$/, '');
    const shown: [string, Picture | undefined][] = [
      ['expected', expected],
      ['actual', actual],
      ['diff', result.diff],
    ];
    for (const [kind, picture] of shown) {
      if (!picture) continue;
      const path = testInfo.outputPath(`${stem}-${kind}.png`);
      writeFileSync(path, await toPng(picture));
      await testInfo.attach(`${stem}-${kind}.png`, { path, contentType: 'image/png' });
    }
    expect
      .soft(result.same, `look: ${name} differs from its baseline ${where}: ${result.reason}${rendererNote(page, file, false)}`)
      .toBe(true);
  }
  return statSync(file).size;
}

/**
 * Compare the whole page with its baseline. Returns the page's height and the baseline's size, bytes.
 */
export async function compareLook(page: Page, name: string): Promise<{ height: number; bytes: number }> {
  const { height, restore } = await atRest(page);
  try {
    const bytes = await matchBaseline(
      page,
      name,
      // At rest, animations and the caret are off by AT_REST_CSS: a plain capture (./capture.ts).
      () => capture(page),
      PAGE_TOLERANCE,
    );
    return { height, bytes };
  } finally {
    await restore();
  }
}

/** What has a hover style on the site: a hovered one of these is the pointer's doing, not the state's. */
const HOVERABLE = 'a:hover, button:hover, input:hover, select:hover, textarea:hover, label:hover, summary:hover';

/**
 * The pointer parked in the window's corner, over nothing with a hover style. The tap or click that brought
 * the state left it over what the state put there (the phone menu's close button opens under the tap), and
 * the tap's own synthetic mouse events can land after a move made at once (the close button hovered in 3
 * runs of 10): so the move is made again until, two frames on, nothing hoverable is hovered.
 */
async function parkPointer(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    await page.mouse.move(attempt % 2, 0);
    const hovered = await page.evaluate(async (selector) => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return document.querySelector(selector) !== null;
    }, HOVERABLE);
    if (!hovered) return;
  }
  throw new Error('the pointer parked in the corner, yet a link or control stays hovered');
}

/**
 * A state no page shows at load (the phone's menu open, the sign-in card's error), compared with its
 * baseline `state-<name>.webp`: the window, or only `target`, at rest as a page's picture is. `mask` covers
 * what changes with the clock of the run (a link's expiry, the time an action was done) with a box.
 */
export async function compareState(page: Page, name: string, target?: Locator, mask: Locator[] = []): Promise<void> {
  await parkPointer(page);
  const { restore } = await atRest(page, STATE_AT_REST_CSS);
  try {
    // Playwright's `animations: 'disabled'` finishes the finite animations (a notice's icon drawn in, not its first frame).
    await matchBaseline(
      page,
      `state-${name}.webp`,
      () => (target ?? page).screenshot({ animations: 'disabled', caret: 'hide', scale: 'css', mask }),
      STATE_TOLERANCE,
    );
  } finally {
    await restore();
  }
}
