/**
 * dist/publishing.json, the one file the database reads of the site: the job `site-publish`
 * (supabase/schemas/70_site_publishing.sql, every minute) posts Netlify's build hook when a time it
 * names has come and no build since covers it (supabase/README.md). Its shape lives here alone: the
 * build writes it (./integration.ts), the pre-publish check reads it back (./gate/check-dist.ts).
 *
 *   {
 *     "builtAt": "2026-12-03T07:00:00.000Z",            when this build ran, the time its entries were judged at
 *     "due": ["2027-01-05T08:00:00.000Z"],               when its scheduled entries go live, soonest first
 *     "securityTxtExpires": "2027-11-28T07:00:00.000Z",  the Expires of /.well-known/security.txt
 *     "renewBy": "2027-10-29T07:00:00.000Z"              a build must run by then, so that file never expires
 *   }
 *
 * Anyone can read it, so it holds times only: no title or path of an entry that is not live yet.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { SECURITY_TXT_RENEW_DAYS, securityTxtExpires } from './security-txt';

export const PUBLISHING_FILE_PATH = '/publishing.json';

const time = z.iso.datetime();

/** Every field required and no other (the database reads these; anything more would be public for nothing). */
export const publishingFileSchema = z.strictObject({
  builtAt: time,
  due: z.array(time),
  securityTxtExpires: time,
  renewBy: time,
});

export type PublishingFile = z.infer<typeof publishingFileSchema>;

/** What a build at `builtAt` with scheduled entries due at `due` publishes. */
export function publishing({ builtAt, due }: { builtAt: Date; due: readonly Date[] }): PublishingFile {
  const expires = securityTxtExpires(builtAt);
  return {
    builtAt: builtAt.toISOString(),
    due: due.map((d) => d.toISOString()),
    securityTxtExpires: expires.toISOString(),
    renewBy: new Date(expires.getTime() - SECURITY_TXT_RENEW_DAYS * 86_400_000).toISOString(),
  };
}

/** The text of dist/publishing.json. */
export function publishingFile(input: { builtAt: Date; due: readonly Date[] }): string {
  return `${JSON.stringify(publishing(input), null, 2)}\n`;
}

/** dist/publishing.json of the build in `dist`, or why it cannot be read as the database reads it. */
export function readPublishingFile(dist: string): { file: PublishingFile; problem?: undefined } | { file?: undefined; problem: string } {
  const path = join(dist, PUBLISHING_FILE_PATH.slice(1));
  if (!existsSync(path)) return { problem: 'missing (the deploy-files integration in astro.config.mjs writes it)' };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return { problem: `not valid JSON: ${(error as Error).message}` };
  }
  const parsed = publishingFileSchema.safeParse(json);
  if (parsed.success) return { file: parsed.data };
  return { problem: parsed.error.issues.map((i) => `${i.path.join('.') || 'the file'}: ${i.message}`).join('; ') };
}
