/**
 * Scans every text file of the build for secrets (Supabase secret and
 * service-role keys, private keys) and every page for new-tab links without
 * rel="noopener".
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findSecrets, findUnsafeBlankTargets } from '../support/scan';
import { DIST, distFiles, requireDist } from '../support/site';

const TEXT = /\.(html|js|mjs|css|json|xml|txt|svg|webmanifest|map)$/;
const fakeJwt = (payload: object) =>
  ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', Buffer.from(JSON.stringify(payload)).toString('base64url'), 'c2lnbmF0dXJl'].join('.');

describe('the detectors', () => {
  it('find service-role JWTs and sb_secret_ keys, not the public anon key', () => {
    expect(findSecrets(`const k = "${fakeJwt({ role: 'service_role', iss: 'supabase' })}"`)).toHaveLength(1);
    expect(findSecrets('key: "sb_secret_abcdefghijklmnop"')).toHaveLength(1);
    expect(findSecrets('SUPABASE_SERVICE_ROLE_KEY=abcdefghijkl')).toHaveLength(1);
    expect(findSecrets(`const k = "${fakeJwt({ role: 'anon', iss: 'supabase' })}"; sb_publishable_abc`)).toEqual([]);
  });

  it('find target=_blank links without noopener', () => {
    expect(findUnsafeBlankTargets('<a href="https://x.example" target="_blank">x</a>')).toHaveLength(1);
    expect(findUnsafeBlankTargets('<a target=_blank rel=nofollow href=/x>x</a>')).toHaveLength(1);
    expect(findUnsafeBlankTargets('<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>')).toEqual([]);
    expect(findUnsafeBlankTargets('<a href="/x">x</a>')).toEqual([]);
  });
});

describe('dist/', () => {
  beforeAll(requireDist);

  it('holds no secret in any text file', () => {
    const files = distFiles().filter((f) => TEXT.test(f));
    expect(files.length).toBeGreaterThan(0);
    const leaks = files.flatMap((file) => findSecrets(readFileSync(join(DIST, file), 'utf8')).map((f) => `${file}: ${f.kind} (${f.excerpt})`));
    expect(leaks).toEqual([]);
  });

  it('has no target="_blank" link without rel="noopener"', () => {
    const pages = distFiles().filter((f) => f.endsWith('.html'));
    const unsafe = pages.flatMap((file) => findUnsafeBlankTargets(readFileSync(join(DIST, file), 'utf8')).map((f) => `${file}: ${f.excerpt}`));
    expect(unsafe).toEqual([]);
  });
});
