/** supabase/config.toml carries the production URLs of the sign-in service, in step with content/site.yaml. */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { readSite } from '../../src/lib/content/read';
import { authUrlProblems, deployPreviewLogin, type AuthUrls } from '../support/auth-urls';
import { PASSWORD_MIN_LENGTH } from '../../src/lib/forms/patterns';

const site = readSite('content');
const auth = parseToml(readFileSync('supabase/config.toml', 'utf8')).auth as AuthUrls;

describe('supabase/config.toml [auth] URLs', () => {
  it("are the https host of content/site.yaml, its /login and the deploy previews' /login", () => {
    expect(authUrlProblems(auth, site)).toEqual([]);
    expect(auth.site_url).toBe(site.host.replace(/\/+$/, ''));
    expect(auth.additional_redirect_urls).toEqual(
      expect.arrayContaining([`${site.host.replace(/\/+$/, '')}/login`, deployPreviewLogin(site.slug)]),
    );
  });

  it.each([
    ['a plain-http site URL', { site_url: 'http://corvana.example' }, /site_url .* is not https/],
    ['a local site URL', { site_url: 'http://127.0.0.1:4321' }, /site_url .* is not https/],
    ['another host', { site_url: 'https://other.example' }, /not the host in content\/site.yaml/],
    ['a plain-http redirect', { additional_redirect_urls: ['http://corvana.example/login'] }, /is not https/],
    ['a redirect anywhere on the host', { additional_redirect_urls: ['https://corvana.example/**'] }, /neither \/login/],
    ['no redirect for /login', { additional_redirect_urls: [] }, /\/login is missing/],
  ])('catch %s', (_what, change, problem) => {
    const bad = { ...auth, ...change };
    expect(authUrlProblems(bad, { host: 'https://corvana.example', slug: 'corvana' }).join('\n')).toMatch(problem);
  });

  it('catch a site whose own host is not https', () => {
    expect(authUrlProblems(auth, { host: 'http://corvana.example', slug: 'corvana' }).join('\n')).toMatch(/host .* is not https/);
  });
});

describe('supabase/config.toml', () => {
  it('asks for the password length the reset form asks for', () => {
    const config = parseToml(readFileSync('supabase/config.toml', 'utf8')) as {
      auth: { minimum_password_length: number; enable_signup: boolean };
    };
    expect(config.auth.minimum_password_length).toBe(PASSWORD_MIN_LENGTH);
    expect(config.auth.enable_signup).toBe(false);
  });
});
