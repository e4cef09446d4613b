/** The site's Content-Security-Policy (src/lib/deploy/csp.ts). */
import { describe, it, expect } from 'vitest';
import { parseCsp } from '../../../src/lib/deploy/netlify';
import { headerCsp, originOf } from '../../../src/lib/deploy/csp';

describe('the header policy', () => {
  it('builds a header policy with sorted hashes, the exact Supabase origin and no unsafe script source', () => {
    const policy = parseCsp(headerCsp({ scriptHashes: ['sha256-b', 'sha256-a', 'sha256-a'], supabase: 'https://db.acme.example' }));
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", "'sha256-a'", "'sha256-b'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://db.acme.example']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(parseCsp(headerCsp({ scriptHashes: [] })).get('connect-src')).toEqual(["'self'"]);
  });

  it('takes the origin of the Supabase URL', () => {
    expect(originOf('https://abc.supabase.co/')).toBe('https://abc.supabase.co');
    expect(originOf('your-project')).toBeUndefined();
    expect(originOf(undefined)).toBeUndefined();
  });
});
