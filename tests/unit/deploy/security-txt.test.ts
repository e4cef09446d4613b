/** /.well-known/security.txt (RFC 9116): its fields, and the check that catches a stale or incomplete file. */
import { describe, it, expect } from 'vitest';
import { parseSecurityTxt, SECURITY_TXT_PATH, securityTxt, securityTxtProblems } from '../../../src/lib/deploy/security-txt';

const now = new Date('2026-03-01T12:00:00Z');
const text = securityTxt({ email: 'security@acme.example', host: 'https://acme.example/', builtAt: now });
const fields = parseSecurityTxt(text);
const canonical = `https://acme.example${SECURITY_TXT_PATH}`;

describe('security.txt', () => {
  it('names the security contact, the canonical URL and English', () => {
    expect(fields.get('contact')).toEqual(['mailto:security@acme.example']);
    expect(fields.get('canonical')).toEqual([canonical]);
    expect(fields.get('preferred-languages')).toEqual(['en']);
  });

  it('expires less than a year after the build, in RFC 3339 form', () => {
    const [expires] = fields.get('expires')!;
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const days = (new Date(expires).getTime() - now.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(300);
    expect(days).toBeLessThan(365);
    expect(securityTxtProblems(text, now, canonical)).toEqual([]);
  });

  it('is reported once expired, or when a field is missing or wrong', () => {
    expect(securityTxtProblems(text, new Date('2027-06-01T00:00:00Z'), canonical)).toEqual([expect.stringMatching(/has passed/)]);
    expect(securityTxtProblems(text, now, 'https://other.example/.well-known/security.txt')).toEqual([expect.stringMatching(/^Canonical/)]);
    const broken = text.replace(/^Contact:.*\n/m, '').replace(/^Expires: .*$/m, 'Expires: 2030-01-01T00:00:00Z');
    expect(securityTxtProblems(broken, now, canonical)).toEqual(['no Contact field', expect.stringMatching(/more than a year ahead/)]);
  });
});
