/**
 * dist/publishing.json (src/lib/deploy/publishing-file.ts), the file the database's rebuild trigger reads:
 * its fields, the security.txt expiry it names (the one the file of the same build carries), the time to
 * renew it, and what its reader refuses.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishing, publishingFile, publishingFileSchema, readPublishingFile } from '../../../src/lib/deploy/publishing-file';
import { parseSecurityTxt, SECURITY_TXT_RENEW_DAYS, securityTxt } from '../../../src/lib/deploy/security-txt';

// A build time with milliseconds: security.txt writes whole seconds, and publishing.json names that instant.
const builtAt = new Date('2026-12-03T07:00:00.250Z');
const due = [new Date('2027-01-05T08:00:00Z'), new Date('2027-02-01T08:00:00Z')];

describe('publishing.json', () => {
  it('names the build, the due times, when security.txt expires and when to build again before that', () => {
    expect(publishing({ builtAt, due })).toEqual({
      builtAt: '2026-12-03T07:00:00.250Z',
      due: ['2027-01-05T08:00:00.000Z', '2027-02-01T08:00:00.000Z'],
      securityTxtExpires: '2027-11-28T07:00:00.000Z',
      renewBy: '2027-10-29T07:00:00.000Z',
    });
  });

  it("names the Expires that the same build's security.txt has, and renewBy a margin before it", () => {
    const file = publishing({ builtAt, due: [] });
    const [expires] = parseSecurityTxt(securityTxt({ email: 'security@acme.example', host: 'https://acme.example/', builtAt })).get(
      'expires',
    )!;
    expect(new Date(expires).toISOString()).toBe(file.securityTxtExpires);
    expect((Date.parse(file.securityTxtExpires) - Date.parse(file.renewBy)) / 86_400_000).toBe(SECURITY_TXT_RENEW_DAYS);
    expect(Date.parse(file.renewBy)).toBeGreaterThan(builtAt.getTime());
  });

  describe('its reader', () => {
    const dist = mkdtempSync(join(tmpdir(), 'publishing-file-'));
    afterAll(() => rmSync(dist, { recursive: true, force: true }));
    const read = (text: string) => {
      writeFileSync(join(dist, 'publishing.json'), text);
      return readPublishingFile(dist);
    };

    it('reads back what the build writes', () => {
      expect(read(publishingFile({ builtAt, due }))).toEqual({ file: publishing({ builtAt, due }) });
    });

    it('refuses a missing file, bad JSON, a missing field, a field that is not a time, and any other field (the file is public)', () => {
      expect(readPublishingFile(join(dist, 'none')).problem).toMatch(/^missing/);
      expect(read('{').problem).toMatch(/^not valid JSON/);
      const { renewBy: _renewBy, ...withoutRenewBy } = publishing({ builtAt, due });
      expect(read(JSON.stringify(withoutRenewBy)).problem).toMatch(/^renewBy: /);
      expect(read(JSON.stringify({ ...publishing({ builtAt, due }), due: ['soon'] })).problem).toMatch(/^due\.0: /);
      expect(read(JSON.stringify({ ...publishing({ builtAt, due }), paths: ['/post/later'] })).problem).toMatch(/paths/);
      expect(publishingFileSchema.safeParse(publishing({ builtAt, due })).success).toBe(true);
    });
  });
});
