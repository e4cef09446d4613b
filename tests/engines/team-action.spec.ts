/**
 * /team-action in Firefox and WebKit at a phone's width, against the notify-submission function's
 * real actions handler over HTTP (tests/support/supabase/team-actions.ts, the database in memory):
 * a release link and an erase link, each opened (nothing changes), then carried out by the page's
 * one button, the erasure after the address is typed again; and the function's CORS as these
 * engines apply it: a page the function does not know cannot read its answers, and nothing is done.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { test, expect } from './fixtures';
import { textOf, waitFor } from './page';
import { PHONE, type Tab } from './tab';
import { heldContact, teamActions } from '../support/supabase/team-actions';
import type { FormsCopy } from '../../src/lib/content/schemas';

const copy = (parse(readFileSync('content/forms.yaml', 'utf8')) as { forms: FormsCopy }).forms.teamActions;
const ROW = '5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a01';

test.use({ windowSize: PHONE });

const shown = (tab: Tab, selector: string, what: string) =>
  waitFor(tab, what, (s) => (document.querySelector(s)?.textContent ?? '').trim() !== '', selector);

test('a release link: shown, then released by its button; an erase link: released only once the address is typed again', async ({
  tab,
  supabase,
  site,
}) => {
  const actions = teamActions(supabase, site.origin, [heldContact(ROW), heldContact('5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a02')]);
  await tab.goto(`/team-action#link=${await actions.token('release', ROW)}`);
  await shown(tab, '#team-action-view dl', 'the held row’s details');
  expect(await textOf(tab, 'h1')).toBe(copy.release.heading);
  expect(await textOf(tab, '#team-action-view dl')).toContain('Ada Lovelace <ada@example.com>');
  expect(actions.store.rows[0].held, 'opening the link changed nothing').toBe(true);
  await tab.click({ css: '#team-action-view button', text: copy.release.button });
  await shown(tab, '#team-action-outcome', 'the outcome');
  expect(await textOf(tab, '#team-action-outcome')).toMatch(/^Released on .+\. The team's message about it as a new lead is on its way\.$/);
  expect(actions.store.rows[0].held).toBe(false);
  const [describe, act] = actions.calls();
  const { link } = describe.body as { link: string };
  expect([describe.body, act.body]).toEqual([{ link }, { link, act: true }]);
  expect(act.headers.origin).toBe(site.origin);
  expect(
    supabase.received.some((r) => r.method === 'OPTIONS'),
    'the preflight went to the function',
  ).toBe(true);

  await tab.goto(`/team-action#link=${await actions.token('erase', 'ada@example.com')}`);
  await shown(tab, '#team-action-view p.font-semibold', 'the count of stored rows');
  await tab.click({ css: '#team-action-view button', text: copy.erase.button });
  expect(await tab.evaluate(() => document.activeElement?.id)).toBe('team-action-confirm');
  expect(await textOf(tab, '#team-action-confirm-error')).toContain('Type ada@example.com to confirm');
  await tab.fill('#team-action-confirm', 'ADA@example.com');
  await tab.click({ css: '#team-action-view button', text: copy.erase.button });
  await shown(tab, '#team-action-outcome', 'the outcome');
  expect(await textOf(tab, '#team-action-outcome')).toMatch(/^Erased on .+: 2 submissions\.$/);
  expect(actions.store.rows).toEqual([]);
});

test.describe(() => {
  // What the engines report of a blocked answer (the point of the test).
  test.use({ allowProblems: [/Same Origin Policy|CORS|access control checks/] });

  test('a page the function does not know cannot read its answers: the page says the request did not get through, and nothing is done', async ({
    tab,
    supabase,
  }) => {
    const actions = teamActions(supabase, 'https://corvana.example', [heldContact(ROW)]);
    await tab.goto(`/team-action#link=${await actions.token('release', ROW)}`);
    await shown(tab, '#team-action-status', 'the status');
    await waitFor(
      tab,
      'the refusal',
      (text) => document.querySelector('#team-action-status')?.textContent?.trim() === text,
      copy.refusals.network,
    );
    await tab.click({ css: '#team-action-view button', text: copy.release.button });
    await waitFor(
      tab,
      'the outcome',
      (text) => document.querySelector('#team-action-outcome')?.textContent?.trim() === text,
      copy.refusals.network,
    );
    expect(actions.store.calls, 'nothing reached the database').toEqual([]);
  });
});
