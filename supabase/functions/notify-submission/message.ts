/**
 * The one message the team receives about a new row, and its three
 * renderings: plain text (e-mail text part), HTML (e-mail HTML part) and
 * Slack-compatible chat text.
 *
 * Everything in a row was typed by a visitor, so it is data: the HTML part
 * escapes it, the chat text escapes Slack's control characters (`<!channel>`,
 * `<@U…>`, `<url|label>` need `<`) and breaks plain `@mentions`, and all
 * renderings drop control and bidirectional-override characters that could
 * disguise the text.
 */
import type { Submission } from './payload.ts';

export type Kind = 'contact' | 'demo' | 'careers' | 'productTeam';

export const KIND_TITLES: Record<Kind, string> = {
  contact: 'Contact request',
  demo: 'Demo request',
  careers: 'Careers application',
  productTeam: 'Product-team application',
};

/**
 * How the website's forms mark their rows (src/lib/forms/demo.ts tags the
 * demo form's message, src/lib/forms/product-team.ts joins product and domain
 * into expertise); tests/unit/notify-submission.test.ts checks both agree.
 */
export const DEMO_TAG = '[DEMO REQUEST] ';
export const CONTACT_TAG = '[CONTACT] ';
export const PRODUCT_DOMAIN_SEPARATOR = ' - ';

export interface Message {
  kind: Kind;
  title: string;
  /** E-mail subject: the title and the submitter's name, on one line. */
  subject: string;
  /** Label and value, in reading order; a value may span lines. */
  fields: [label: string, value: string][];
  table: Submission['table'];
  rowId: string;
  /** The row's created_at in UTC, e.g. "2026-11-25 10:04 UTC". */
  received: string;
  /** The submitter's address, for the e-mail's Reply-To. */
  replyTo: string;
}

/** C0/C1 controls (tab and newline kept), zero-width and bidirectional-override characters. */
// deno-lint-ignore no-control-regex -- matching control characters is the point.
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

export function clean(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(INVISIBLE, '');
}

export function escapeHtml(text: string): string {
  return clean(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Slack's escaping (`&`, `<`, `>`), so no mention, channel ping or disguised
 * link can be written; an `@` that starts a word gets a zero-width space after
 * it, because some Slack-compatible servers turn a plain `@channel` into a ping.
 * An e-mail address keeps its `@` untouched (a word character precedes it).
 */
export function escapeChat(text: string): string {
  return clean(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/(^|[^\w.+-])@(?=\w)/gm, '$1@\u200B');
}

function utc(timestamp: string): string {
  return new Date(timestamp).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
}

/** One line, at most `max` characters: for the e-mail subject. */
function oneLine(text: string, max: number): string {
  const line = clean(text).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function kindOf(submission: Submission): Kind {
  if (submission.table === 'contact_submissions') return submission.record.message.startsWith(DEMO_TAG) ? 'demo' : 'contact';
  return submission.record.expertise.includes(PRODUCT_DOMAIN_SEPARATOR) ? 'productTeam' : 'careers';
}

export function buildMessage(submission: Submission): Message {
  const kind = kindOf(submission);
  const { record } = submission;
  let name: string;
  let fields: [string, string][];
  if (submission.table === 'contact_submissions') {
    const r = submission.record;
    name = `${r.first_name} ${r.last_name}`;
    // The kind already says what the demo form's tag said.
    const message = [DEMO_TAG, CONTACT_TAG].reduce((text, tag) => (text.startsWith(tag) ? text.slice(tag.length) : text), r.message);
    fields = [
      ['Name', name],
      ['Email', r.email],
      ['Company', r.company ?? '(none)'],
      ['Message', message.trim() === '' ? '(none)' : message],
    ];
  } else {
    const r = submission.record;
    name = r.full_name;
    const separator = r.expertise.indexOf(PRODUCT_DOMAIN_SEPARATOR);
    const interest: [string, string][] =
      kind === 'productTeam'
        ? [
            ['Product', r.expertise.slice(0, separator)],
            ['Domain', r.expertise.slice(separator + PRODUCT_DOMAIN_SEPARATOR.length)],
          ]
        : [['Expertise', r.expertise]];
    fields = [
      ['Name', name],
      ['Email', r.email],
      ...interest,
      ['Experience', r.experience],
      ['Portfolio', r.portfolio_url ?? '(none)'],
      ['Cover letter', r.cover_letter],
    ];
  }
  const title = KIND_TITLES[kind];
  return {
    kind,
    title,
    subject: `New ${title.toLowerCase()}: ${oneLine(name, 120)}`,
    fields,
    table: submission.table,
    rowId: record.id,
    received: utc(record.created_at),
    replyTo: record.email,
  };
}

const isLong = (value: string) => value.includes('\n') || value.length > 80;

function footer(message: Message): string {
  return `Row ${message.rowId} in ${message.table}, received ${message.received}`;
}

export function plainText(message: Message): string {
  const lines = [`New ${message.title.toLowerCase()}`, ''];
  for (const [label, value] of message.fields) {
    const text = clean(value);
    lines.push(isLong(text) ? `${label}:\n${text}\n` : `${label}: ${text}`);
  }
  lines.push('', footer(message));
  return lines.join('\n');
}

export function emailHtml(message: Message): string {
  const rows = message.fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return [
    '<!doctype html>',
    '<html><body style="font-family:system-ui,sans-serif;font-size:14px;line-height:1.5">',
    `<h1 style="font-size:18px">New ${escapeHtml(message.title.toLowerCase())}</h1>`,
    `<table>\n${rows}\n</table>`,
    `<p style="color:#555">${escapeHtml(footer(message))}</p>`,
    '</body></html>',
  ].join('\n');
}

export function chatText(message: Message): string {
  const lines = [`*New ${message.title.toLowerCase()}*`];
  for (const [label, value] of message.fields) {
    const text = escapeChat(value);
    lines.push(isLong(text) ? `*${label}:*\n${text.replace(/^/gm, '> ')}` : `*${label}:* ${text}`);
  }
  lines.push(footer(message));
  return lines.join('\n');
}
