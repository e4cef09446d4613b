/** The detectors of the pre-publish check: leaked secrets and unsafe new-tab links. */
import { describe, it, expect } from 'vitest';
import { findSecrets, findUnsafeBlankTargets } from '../../../../src/lib/deploy/gate/scan';

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
