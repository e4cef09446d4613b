import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { doneText, keptText, refusalText, submissions, when, type TeamActionsCopy } from '../../../src/lib/team-actions/words';

const copy = (parse(readFileSync('tests/fixtures/content/forms.yaml', 'utf8')) as { forms: { teamActions: TeamActionsCopy } }).forms
  .teamActions;
const UTC = { locale: 'en', timeZone: 'UTC' };

describe('the words of a refusal', () => {
  it('say what a used link did and when', () => {
    expect(refusalText(copy, { code: 'link_used', done: { action: 'release', at: '2026-11-25T10:04:00Z', count: 1 } }, '', UTC)).toBe(
      'This link was already used on November 25, 2026 at 10:04 AM UTC: the submission was released. A link works once.',
    );
    expect(refusalText(copy, { code: 'link_used', done: { action: 'erase', at: '2026-11-25T10:04:00Z', count: 3 } }, '', UTC)).toContain(
      ': 3 submissions erased.',
    );
  });

  it('name when a row or a sender was erased, when the function knows, and say so plainly otherwise', () => {
    expect(refusalText(copy, { code: 'row_gone', erased: '2026-11-25T10:04:00Z' }, '', UTC)).toContain(
      'its sender was erased on November 25',
    );
    expect(refusalText(copy, { code: 'row_gone' })).toBe(copy.refusals.row_gone);
    expect(refusalText(copy, { code: 'nothing_stored', erased: '2026-11-25T10:04:00Z' }, '', UTC)).toContain(
      'already erased on November 25',
    );
    expect(refusalText(copy, { code: 'nothing_stored' })).toBe(copy.refusals.nothing_stored);
    // Newer submissions of the address are kept: the page says so instead of "nothing is stored".
    expect(refusalText(copy, { code: 'nothing_stored', kept: 1, erased: '2026-11-25T10:04:00Z' })).toBe(
      `${copy.refusals.nothing_seen} 1 newer message from this address is kept: it came after the team's message, which did not show it.`,
    );
    expect(refusalText(copy, { code: 'already_released', at: '2026-11-25T10:04:00Z' }, '', UTC)).toContain(
      'already released on November 25',
    );
  });

  it('fill the address of a mismatch, the expiry, and name any other refusal by its code only', () => {
    expect(refusalText(copy, { code: 'address_mismatch' }, 'ada@example.com')).toContain('Type ada@example.com to confirm');
    expect(refusalText(copy, { code: 'link_expired', expired: '2026-11-20T08:00:00Z' }, '', UTC)).toContain(
      'expired on November 20, 2026 at 08:00 AM UTC',
    );
    expect(refusalText(copy, { code: 'origin_refused' })).toContain('(origin_refused)');
    expect(refusalText(copy, { code: '<img src=x>' })).toContain('(unknown)');
    for (const code of ['link_malformed', 'link_invalid', 'not_held', 'digest_gone', 'not_configured', 'unavailable', 'network'] as const)
      expect(refusalText(copy, { code })).toBe(copy.refusals[code]);
  });
});

describe('counts and times', () => {
  it('count one and many', () => {
    expect(submissions(copy, 1)).toBe('one submission');
    expect(submissions(copy, 930)).toBe('930 submissions');
    expect(doneText(copy, { action: 'release' })).toBe(copy.done.release);
    expect([keptText(copy, 0), keptText(copy, 2)]).toEqual([
      '',
      "2 newer messages from this address are kept: they came after the team's message, which did not show them.",
    ]);
  });

  it('show a time in the reader’s zone, named', () => {
    expect(when('2026-11-25T10:04:00Z', 'en', 'Europe/Berlin')).toBe('November 25, 2026 at 11:04 AM GMT+1');
    expect(when('not a time')).toBe('');
  });
});
