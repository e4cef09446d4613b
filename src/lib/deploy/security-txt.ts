/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability.
 * Its Expires field is required and should lie less than a year ahead, so the
 * file is written at build time: every deploy renews it. A site nobody changes
 * is not deployed, so the build tells the database's rebuild trigger when to
 * build again (`renewBy` in dist/publishing.json, ./publishing-file.ts).
 */
import { absoluteUrl } from '../routes/urls';

export const SECURITY_TXT_PATH = '/.well-known/security.txt';

/** Under a year, as RFC 9116 advises, so a site that is never redeployed does not keep vouching for a stale contact. */
export const SECURITY_TXT_VALID_DAYS = 360;

/**
 * How long before Expires the site is rebuilt (publishing.json `renewBy`). Not on the day itself: the rebuild
 * can fail (a deleted build hook, a build failing on its content), which form_health() reports; a month lets
 * the team see that and fix it while the file is still valid.
 */
export const SECURITY_TXT_RENEW_DAYS = 30;

/** When the security.txt of a build at `builtAt` expires: its Expires, in whole seconds as the file writes it. */
export function securityTxtExpires(builtAt: Date): Date {
  return new Date(Math.floor(builtAt.getTime() / 1000) * 1000 + SECURITY_TXT_VALID_DAYS * 86_400_000);
}

export interface SecurityTxtInput {
  /** The security contact address (content/site.yaml `email.security`). */
  email: string;
  /** The canonical origin. */
  host: string;
  /** The build time (the one publishing.json names, so the expiry it names is this file's). */
  builtAt: Date;
}

export function securityTxt({ email, host, builtAt }: SecurityTxtInput): string {
  return [
    `Contact: mailto:${email}`,
    `Expires: ${securityTxtExpires(builtAt)
      .toISOString()
      .replace(/\.000Z$/, 'Z')}`,
    `Canonical: ${absoluteUrl(host, SECURITY_TXT_PATH)}`,
    'Preferred-Languages: en',
    '',
  ].join('\n');
}

/** The fields of a security.txt, by name (a name given twice keeps every value). */
export function parseSecurityTxt(text: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^([A-Za-z-]+):\s*(.+)$/.exec(line.trim());
    if (!match || line.startsWith('#')) continue;
    const name = match[1].toLowerCase();
    fields.set(name, [...(fields.get(name) ?? []), match[2]]);
  }
  return fields;
}

/** What is wrong with a security.txt at `now` (the rules RFC 9116 makes mandatory, plus the ones this site relies on). */
export function securityTxtProblems(text: string, now: Date, canonical: string): string[] {
  const fields = parseSecurityTxt(text);
  const problems: string[] = [];
  const contact = fields.get('contact') ?? [];
  if (contact.length === 0) problems.push('no Contact field');
  for (const value of contact)
    if (!/^(mailto:[^@\s]+@[^@\s]+\.[^@\s]+|https:\/\/\S+|tel:\+?[\d-]+)$/.test(value))
      problems.push(`Contact ${value} is not a mailto:, https: or tel: URI`);
  const expires = fields.get('expires') ?? [];
  if (expires.length !== 1) problems.push(`needs exactly one Expires field, has ${expires.length}`);
  else {
    const date = new Date(expires[0]);
    const yearAhead = now.getTime() + 365 * 86_400_000;
    if (Number.isNaN(date.getTime())) problems.push(`Expires ${expires[0]} is not a date`);
    else if (date.getTime() <= now.getTime()) problems.push(`Expires ${expires[0]} has passed`);
    else if (date.getTime() > yearAhead) problems.push(`Expires ${expires[0]} is more than a year ahead`);
  }
  if (!(fields.get('canonical') ?? []).includes(canonical)) problems.push(`Canonical is not ${canonical}`);
  if (!(fields.get('preferred-languages') ?? []).some((v) => v.split(/,\s*/).includes('en')))
    problems.push('Preferred-Languages does not list en');
  return problems;
}
