/**
 * /team-action with links from the team's messages, against the notify-submission function's real
 * actions handler (tests/support/supabase/team-actions.ts: its answers, CORS and refusals; the
 * database in memory). The page's visit (./visit.spec.ts) loads it without a link like every
 * page; here each of its views: what a link does before anything happens, the one button, the
 * erasure's typed confirmation, the digest's list, every refusal in words, and the page-level
 * checks of those views (axe, 390 px and 200% text, forced colours, keyboard). Chromium's request
 * interception does not apply CORS to the answers it fulfils: the function's CORS is tried in
 * Firefox and WebKit over real HTTP (tests/engines/team-action.spec.ts).
 */
import { axe, describeViolations } from './checks/axe';
import { compareState } from './checks/look';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { test, expect } from './fixtures';
import { applyCondition, condition, describeProblems, layoutProblems } from './checks/layout';
import { buttonsWithoutEdge } from './checks/header';
import { heldContact, teamActions, ACTIONS_PATH } from '../support/supabase/team-actions';
import { fill as fillPlaceholders, placeholderValues } from '../../src/lib/content/placeholders';
import { readSite } from '../../src/lib/content/read';
import type { FormsCopy } from '../../src/lib/content/schemas';

const copy = (parse(readFileSync('content/forms.yaml', 'utf8')) as { forms: FormsCopy }).forms.teamActions;
const values = placeholderValues(readSite('content'));
const PATH = '/team-action';
const ROW = '5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a01';
const SITE = `http://localhost:${process.env.PORT ?? 4321}`;
// The function's refusals are HTTP 4xx and 5xx answers, which Chromium logs as failed loads.
test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (403|409|410|422|503)/] });
/** Times are shown in the reader's zone, in the page's language (en): the tests read them in UTC. */
test.use({ timezoneId: 'UTC' });
/** "November 25, 2026 at 09:41 AM UTC" */
const TIME = '\\w+ \\d+, \\d{4} at \\d\\d:\\d\\d [AP]M UTC';

const status = (page: Page) => page.locator('#team-action-status');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** The words of a refusal as the page shows them (placeholders of the build filled). */
const words = (text: string, slots: Record<string, string> = {}) =>
  fillPlaceholders(
    text.replace(/\{(\w+)\}/g, (m, name: string) => slots[name] ?? m),
    values,
  );
const ready = (page: Page) => page.locator('#team-action[data-ready]').waitFor({ state: 'attached' });

async function open(page: Page, token: string | null) {
  await page.goto(token === null ? PATH : `${PATH}#link=${token}`);
  await ready(page);
}

async function pageChecks(page: Page, what: string) {
  const { violations } = await axe(page).analyze();
  expect(describeViolations(violations), `axe, ${what}`).toEqual([]);
  await page.emulateMedia({ forcedColors: 'active' });
  expect(await buttonsWithoutEdge(page), `buttons without an edge in forced colours, ${what}`).toEqual([]);
  await page.emulateMedia({ forcedColors: 'none' });
  const seen: string[] = [];
  for (const c of [
    condition({ width: 390, height: 844 }),
    condition({ width: 390, height: 844, rootText: 200 }),
    condition({ width: 320, height: 640 }),
  ]) {
    await applyCondition(page, c);
    seen.push(...describeProblems(c.name, await layoutProblems(page)));
  }
  expect(seen, `reflow and text size, ${what}`).toEqual([]);
  await applyCondition(page, condition({ width: 1280, height: 800 }));
}

test('a release link says what it will do and changes nothing until its one button; a second use says what was done and when', async ({
  page,
  supabase,
}) => {
  const actions = teamActions(supabase, SITE, [heldContact(ROW)]);
  const token = await actions.token('release', ROW);
  await open(page, token);
  await expect(heading(page)).toHaveText(copy.release.heading);
  await expect(page.getByText(copy.release.what)).toBeVisible();
  // The details the message showed, from the function.
  await expect(page.locator('dl')).toContainText('Contact request');
  await expect(page.locator('dl')).toContainText('Ada Lovelace <ada@example.com>');
  await expect(page.locator('dl')).toContainText('November 25, 2026 at 09:41 AM UTC');
  await expect(page.locator('dl')).toContainText('“We would like to talk about a project.”');
  await expect(status(page)).toBeEmpty();
  // Opening the link (what a mail scanner does) asked, and changed nothing.
  expect(actions.calls().map((c) => c.body)).toEqual([{ link: token }]);
  const [describe] = actions.calls();
  expect(describe.headers.origin).toBe(SITE);
  expect(describe.headers['content-type']).toBe('application/json');
  expect(describe.headers.apikey, 'no key: the link is the credential').toBeUndefined();
  expect(describe.headers.authorization).toBeUndefined();
  expect(actions.store.rows[0].held).toBe(true);
  await expect(page.locator('#team-action-view').getByRole('button'), 'one button').toHaveCount(1);
  await pageChecks(page, 'the release view');
  const main = page.locator('main');
  await compareState(page, 'team-release', main, [page.locator('[data-expires]')]);

  const button = page.getByRole('button', { name: copy.release.button });
  await button.focus();
  await page.keyboard.press('Enter');
  const outcome = page.locator('#team-action-outcome');
  await expect(outcome).toHaveText(new RegExp(`^Released on ${TIME}\\. `));
  await expect(outcome, 'the outcome takes the focus from the button it replaced').toBeFocused();
  await expect(button).toHaveCount(0);
  expect(actions.calls().map((c) => c.body)).toEqual([{ link: token }, { link: token, act: true }]);
  expect(actions.store.rows[0].held).toBe(false);

  await page.reload();
  await ready(page);
  const when = new RegExp(`used on ${TIME}: the submission was released\\. A link works once\\.$`);
  await expect(status(page)).toHaveText(when);
  await expect(page.getByRole('button', { name: copy.release.button })).toHaveCount(0);
  await compareState(page, 'team-used', main, [status(page)]);
});

test('an erase link asks for the address typed again before it erases every submission of it', async ({ page, supabase }) => {
  const rows = [heldContact(ROW), heldContact('5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a02', { email: 'ADA@example.com' })];
  const actions = teamActions(supabase, SITE, rows);
  const token = await actions.token('erase', 'ada@example.com');
  await open(page, token);
  await expect(heading(page)).toHaveText(copy.erase.heading);
  await expect(page.getByText(words(copy.erase.what, { email: 'ada@example.com' }))).toBeVisible();
  await expect(page.getByText(words(copy.erase.stored, { count: '2 submissions' }))).toBeVisible();
  await pageChecks(page, 'the erase view');

  const box = page.getByLabel(copy.erase.confirm);
  const button = page.getByRole('button', { name: copy.erase.button });
  await button.click();
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(
    new RegExp(words(copy.erase.mismatch, { email: 'ada@example.com' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  await box.fill('eve@example.com');
  await box.press('Enter');
  expect(actions.calls(), 'a mismatch never reaches the function').toHaveLength(1);
  await box.fill('  Ada@Example.com ');
  // Corrected: the message goes as soon as the address is right.
  await expect(box).not.toHaveAttribute('aria-invalid');
  await button.click();
  await expect(page.locator('#team-action-outcome')).toHaveText(/^Erased on .* UTC: 2 submissions\.$/);
  expect(actions.calls().at(-1)!.body).toEqual({ link: token, act: true, address: '  Ada@Example.com ' });
  expect(actions.store.rows).toHaveLength(0);
});

test('an erase link lists what it will erase, newest 50 first, and keeps what came after the team’s message', async ({
  page,
  supabase,
}) => {
  // 53 rows of the address before the message (every third not held, every fourth a demo request), one after it.
  const rows = Array.from({ length: 53 }, (_, i) => {
    const row = heldContact(`5b0f1c1e-1d7e-4c53-9a51-${String(i).padStart(12, '0')}`, {
      created_at: new Date(Date.parse('2026-11-25T09:00:00Z') + i * 60_000).toISOString(),
      ...(i % 4 === 0 ? { message: '[DEMO REQUEST] A demo for our team.' } : {}),
    });
    row.held = i % 3 !== 0;
    return row;
  });
  const later = heldContact('5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a99', { created_at: new Date(Date.now() + 3_600_000).toISOString() });
  later.held = false;
  const actions = teamActions(supabase, SITE, [...rows, later]);
  const token = await actions.token('erase', 'ada@example.com');
  await open(page, token);
  await expect(page.getByText(words(copy.erase.stored, { count: '53 submissions' }))).toBeVisible();
  const listed = page.getByRole('list', { name: words(copy.erase.stored, { count: '53 submissions' }) }).getByRole('listitem');
  await expect(listed).toHaveCount(50);
  // Form, held or not, and when.
  await expect(listed.first()).toHaveText(`Demo or sales request${copy.erase.held}November 25, 2026 at 09:52 AM UTC`);
  await expect(listed.nth(1)).toHaveText(`Contact request${copy.erase.notHeld}November 25, 2026 at 09:51 AM UTC`);
  await expect(listed.nth(2)).toHaveText(`Contact request${copy.erase.held}November 25, 2026 at 09:50 AM UTC`);
  await expect(page.getByText(words(copy.erase.older.many, { count: '3' }))).toBeVisible();
  await expect(page.getByText(copy.erase.kept.one)).toBeVisible();
  await pageChecks(page, 'the erase view with its list');
  await compareState(page, 'team-erase', page.locator('main'), [page.locator('[data-expires]')]);
  if (process.env.SHOTS) {
    await applyCondition(page, condition({ width: 390, height: 844 }));
    await page.screenshot({ path: `${process.env.SHOTS}/erase-390.png`, fullPage: true });
    await applyCondition(page, condition({ width: 1280, height: 800 }));
  }

  await page.getByLabel(copy.erase.confirm).fill('ada@example.com');
  await page.getByRole('button', { name: copy.erase.button }).click();
  const outcome = page.locator('#team-action-outcome');
  await expect(outcome).toHaveText(new RegExp(`^Erased on ${TIME}: 53 submissions\\. `));
  await expect(outcome).toContainText(copy.erase.kept.one);
  expect(actions.store.rows.map((row) => row.record.id)).toEqual([later.record.id]);
});

test('the link leaves the address bar and the history as soon as it is read; reload, Back and Forward still show its view', async ({
  page,
  supabase,
}) => {
  const rows = [heldContact(ROW), heldContact('5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a02', { first_name: 'Grace', email: 'grace@example.com' })];
  const actions = teamActions(supabase, SITE, rows);
  const list = await actions.token('list', '42');
  await open(page, list);
  const items = page.locator('#team-action-view ol > li');
  await expect(items).toHaveCount(2);
  expect(page.url(), 'no token in the address').toBe(`${SITE}${PATH}`);
  const before = await page.evaluate(() => history.length);
  await page.reload();
  await ready(page);
  await expect(items, 'a reload shows the same list').toHaveCount(2);
  await items.nth(1).getByRole('link', { name: copy.list.release }).click();
  await expect(heading(page)).toHaveText(copy.release.heading);
  await expect(page.locator('dl')).toContainText('Ada Lovelace');
  expect(page.url(), 'a row’s link does not put its token there either').toBe(`${SITE}${PATH}`);
  expect(await page.evaluate(() => history.length)).toBe(before + 1);
  await page.goBack();
  await expect(heading(page)).toHaveText(words(copy.list.heading, { digest: '42' }));
  await expect(items).toHaveCount(2);
  await page.goForward();
  await expect(heading(page)).toHaveText(copy.release.heading);
  await page.reload();
  await ready(page);
  await expect(page.locator('dl')).toContainText('Ada Lovelace');
  await expect(page.getByRole('link', { name: copy.list.back })).toBeVisible();
  expect(page.url()).toBe(`${SITE}${PATH}`);
});

test('a digest’s list shows its held rows 200 at a time, each opening its action on the same page, and back', async ({
  page,
  supabase,
}) => {
  const rows = Array.from({ length: 205 }, (_, i) =>
    heldContact(`5b0f1c1e-1d7e-4c53-9a51-${String(i).padStart(12, '0')}`, {
      first_name: `Sender${i}`,
      email: `sender${i}@example.com`,
      created_at: new Date(Date.parse('2026-11-25T09:00:00Z') + i * 1000).toISOString(),
    }),
  );
  const actions = teamActions(supabase, SITE, rows);
  const list = await actions.token('list', '42');
  await open(page, list);
  await expect(heading(page)).toHaveText(words(copy.list.heading, { digest: '42' }));
  await expect(page.getByText(words(copy.list.intro, { total: '205 submissions' }))).toBeVisible();
  const items = page.locator('#team-action-view ol > li');
  await expect(items).toHaveCount(200);
  await expect(items.first()).toContainText('Sender204 Lovelace <sender204@example.com>');
  await pageChecks(page, 'the list');
  await page.getByRole('button', { name: copy.list.more }).click();
  await expect(items).toHaveCount(205);
  await expect(page.getByRole('button', { name: copy.list.more })).toBeHidden();
  await expect(items.nth(200).getByRole('link', { name: copy.list.release }), 'focus moves to the rows just shown').toBeFocused();
  // A row's link: its own view, described by the row it belongs to.
  await expect(items.nth(200).getByRole('link', { name: copy.list.release })).toHaveAccessibleDescription(/Sender4 Lovelace/);
  await items.nth(200).getByRole('link', { name: copy.list.release }).click();
  await expect(heading(page)).toHaveText(copy.release.heading);
  await expect(heading(page)).toBeFocused();
  await expect(page.locator('dl')).toContainText('Sender4 Lovelace');
  await page.getByRole('link', { name: copy.list.back }).click();
  await expect(heading(page)).toHaveText(words(copy.list.heading, { digest: '42' }));
  expect(
    actions.store.rows.every((row) => row.held),
    'browsing changes nothing',
  ).toBe(true);
});

test.describe('refusals', () => {
  test('no link, a malformed, tampered, foreign or expired link: words, no button, and nothing done', async ({ page, supabase }) => {
    const actions = teamActions(supabase, SITE, [heldContact(ROW)]);
    await open(page, null);
    await expect(status(page)).toHaveText(copy.noLink);
    await open(page, 'r.not-a-link');
    await expect(status(page)).toHaveText(copy.refusals.link_malformed);
    const token = await actions.token('release', ROW);
    await open(
      page,
      token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    );
    await expect(status(page)).toHaveText(copy.refusals.link_invalid);
    await expect(page.getByRole('button', { name: copy.release.button })).toHaveCount(0);
    const expired = await actions.token('release', ROW, Math.floor(Date.parse('2026-11-20T08:00:00Z') / 1000));
    const before = actions.calls().length;
    await open(page, expired);
    await expect(status(page)).toHaveText(words(copy.refusals.link_expired, { when: 'November 20, 2026 at 08:00 AM UTC' }));
    await compareState(page, 'team-expired', page.locator('main'));
    expect(actions.calls().length, 'an expired link is refused without asking').toBe(before);
    expect(actions.store.rows[0].held).toBe(true);
  });

  test('a row erased meanwhile, a function that is down or not set up: each said in words, and the button stays when pressing again may work', async ({
    page,
    supabase,
  }) => {
    const actions = teamActions(supabase, SITE, [heldContact(ROW)]);
    const erase = await actions.token('erase', 'ada@example.com');
    const release = await actions.token('release', ROW);
    await open(page, release);
    await expect(page.locator('dl')).toBeVisible();
    // Meanwhile someone erased the sender with another link.
    await actions.store.erase('ada@example.com', 'key', 'other-link', '2026-12-31T00:00:00Z', new Date().toISOString());
    await page.getByRole('button', { name: copy.release.button }).click();
    await expect(page.locator('#team-action-outcome')).toHaveText(
      /^This submission no longer exists: its sender was erased on .* UTC\. Nothing was done\.$/,
    );
    await expect(page.getByRole('button', { name: copy.release.button })).toHaveCount(0);

    // The function cannot reach the database: the same words whatever the page, and a second press may work.
    actions.store.rows.push(heldContact(ROW));
    actions.store.failing = true;
    await open(page, erase);
    await expect(status(page)).toHaveText(copy.refusals.unavailable);
    await page.getByLabel(copy.erase.confirm).fill('ada@example.com');
    await page.getByRole('button', { name: copy.erase.button }).click();
    await expect(page.locator('#team-action-outcome')).toHaveText(copy.refusals.unavailable);
    await expect(page.getByRole('button', { name: copy.erase.button })).toBeEnabled();
    actions.store.failing = false;
    await page.getByRole('button', { name: copy.erase.button }).click();
    await expect(page.locator('#team-action-outcome')).toHaveText(/^Erased on .*: one submission\.$/);
  });

  test.describe('the connection drops', () => {
    test.use({ allowConsoleErrors: [/ERR_FAILED|ERR_INTERNET_DISCONNECTED/] });
    test('a press that does not get through says so and can be pressed again', async ({ page, supabase }) => {
      const actions = teamActions(supabase, SITE, [heldContact(ROW)]);
      await open(page, await actions.token('release', ROW));
      await expect(page.locator('dl')).toBeVisible();
      supabase.answer(`POST ${ACTIONS_PATH}`, { network: 'failed' });
      await page.getByRole('button', { name: copy.release.button }).click();
      await expect(page.locator('#team-action-outcome')).toHaveText(copy.refusals.network);
      await expect(page.getByRole('button', { name: copy.release.button })).toBeEnabled();
      expect(actions.store.rows[0].held).toBe(true);
    });
  });
});
