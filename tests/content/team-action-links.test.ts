/**
 * The links the notify-submission function signs (supabase/functions/notify-submission/links.ts)
 * are the links the website's page reads (src/lib/team-actions/link.ts): the same kind, subject
 * and expiry, for each kind and for addresses in other scripts. The function's own Deno tests
 * check the signatures; here the two sides of the format are held together.
 */
import { describe, expect, it } from 'vitest';
import { signLink, linkUrl, ACTION_PAGE_PATH } from '../../supabase/functions/notify-submission/links';
import { readLink } from '../../src/lib/team-actions/link';
import { readManifest } from '../../src/lib/routes/manifest';

describe("the function's links and the page's reading of them", () => {
  it('agree on every kind', async () => {
    for (const [kind, subject] of [
      ['release', '5b0f1c1e-1d7e-4c53-9a51-1f3f0e0c0a01'],
      ['erase', 'ada@example.com'],
      ['erase', 'Zoë.Ωmega+tag@bücher.example'],
      ['erase', '"quoted local"@例え.テスト'],
      ['list', '930'],
    ] as const) {
      const signed = await signLink('a-key-of-at-least-32-characters-000', { kind, subject, expires: 1796205600 });
      const url = new URL(linkUrl('https://corvana.example', signed));
      expect(url.pathname).toBe(ACTION_PAGE_PATH);
      expect(readLink(url.hash)).toEqual({ token: signed.token, kind, subject, expires: 1796205600000 });
    }
  });

  it('lead to a page of the site that is never indexed', () => {
    const route = readManifest('content').routes.find((r) => r.path === ACTION_PAGE_PATH);
    expect(route?.meta.noindex).toBe(true);
  });
});
