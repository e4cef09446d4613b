/**
 * The one message the team receives about a new row, and its three
 * renderings: plain text (e-mail text part), HTML (e-mail HTML part) and
 * Slack-compatible chat text.
 *
 * Which form wrote the row, its fields, their order and labels come from the
 * website's form definitions (../_shared/form-definitions.ts), so a new field reaches the
 * message without a change here. Only the titles, words for the team, are
 * written here, one per form.
 *
 * Everything in a row was typed by a visitor, so it is data: the HTML part
 * escapes it, the chat text escapes Slack's control characters (`<!channel>`,
 * `<@U…>`, `<url|label>` need `<`) and breaks plain `@mentions`, all renderings
 * drop control characters and every character that shows nothing (format
 * characters, bidirectional controls, tags), and Reply-To is set only to an
 * address the forms' e-mail rule accepts.
 *
 * The database numbers the rows of a window (`notification`): up to its limit
 * each row gets its message, the next one a summary instead, and the rest
 * nothing (`decide`). Since the holding migration the database posts at most
 * the limit; the rows without a message of their own reach the team counted in
 * a digest (`digestMessage`), and a flood or a full storage budget is told at
 * once in a short alert (`alertMessage`). Those hold no visitor text but a line
 * for each held row (at most 50), so the team can tell a real lead from the flood.
 *
 * The team acts from the message: each held row has "Release" and "Erase sender",
 * a lead's own message "Erase sender", a digest a link to all its held rows
 * (`ActionLink`, signed by ./links.ts once the message is built: `signLinks`).
 * Without the link secret the message names the SQL that does the same.
 */
import {
  EMAIL_PATTERN,
  FORMAT,
  FORMS,
  SOURCE_COLUMNS,
  type FormId,
  type SourceColumn,
  type TeamForm,
} from '../_shared/form-definitions.ts';
import { formOf } from './read-row.ts';
import { LINK_LIFETIME_SECONDS, linkUrl, signLink, type LinkBody } from './links.ts';
import type { Alert, Digest, HeldRow, Submission } from './payload.ts';

/** The words of the actions, for the team. */
export const ACTION_LABELS = { release: 'Release', erase: 'Erase sender', list: 'Open the list' } as const;

/** How the team's message names the columns that say where a lead came from. */
export const SOURCE_LABELS = {
  sentFrom: 'Sent from',
  landing: 'Landed on',
  referrer: 'Referred by',
  campaign: 'Campaign (source / medium / name)',
  unknown: 'Came from',
} as const;

export const TITLES: Record<FormId, string> = {
  contact: 'Contact request',
  demo: 'Demo or sales request',
  careers: 'Careers application',
  'product-team': 'Product-team application',
};

/** A link the team acts by: what it says, what it does, and once signed, where it goes. */
export interface ActionLink {
  label: string;
  body: Omit<LinkBody, 'expires'>;
  url?: string;
}

/** One held row of a digest or an alert: a line of it, and its two actions. */
export interface HeldLine {
  text: string;
  links: ActionLink[];
}

export interface Message {
  kind: FormId | 'summary' | 'alert';
  title: string;
  /** E-mail subject: the title and the submitter's name, on one line. */
  subject: string;
  /** A paragraph before the fields. */
  intro?: string;
  /** Label and value, in reading order; a value may span lines. */
  fields: [label: string, value: string][];
  /** The row's table and id; for a digest or an alert, 'summary' or 'alert' and what it is about. */
  table: Submission['table'] | 'summary' | 'alert';
  rowId: string;
  /** The row's created_at in UTC, e.g. "2026-11-25 10:04 UTC". */
  received: string;
  /** The submitter's address for the e-mail's Reply-To, when it is one the forms accept. */
  replyTo?: string;
  /** The outbox's key for this message (the same on every retry): repeats of a delivered key are dropped. */
  deliveryKey?: string;
  /** Held rows with their actions (a digest, a held alert), after the intro. */
  held?: { heading: string; lines: HeldLine[]; rest?: string };
  /** Actions on the whole message, last: "Erase sender" of a lead, the list of a digest's held rows. */
  actions?: ActionLink[];
  /** Said instead of the links when they cannot be signed (no link secret): the SQL that does the same. */
  withoutLinks?: string;
}

/** Control characters but tab and newline, and everything that shows nothing but a space. */
const HIDDEN = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${FORMAT}]`, 'gv');
const EMAIL = new RegExp(`^(?:${EMAIL_PATTERN})$`, 'v');

export function clean(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(HIDDEN, '');
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

/** "2026-11-25 10:04 UTC". */
function utc(timestamp: string): string {
  return new Date(timestamp).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
}

/** "10:04 UTC". */
const clock = (timestamp: string) => utc(timestamp).slice(11);

/** One line, at most `max` characters: for the e-mail subject. */
function oneLine(text: string, max: number): string {
  const line = clean(text).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Whether `address` is one the forms' e-mail rule accepts (and so a safe Reply-To). */
export const isEmail = (address: string) => EMAIL.test(address);

const NAME_FIELDS = ['name', 'given-name', 'family-name'];

/** What to do with this row: its message, the window's one summary, or nothing. */
export function decide(submission: Submission): 'message' | 'summary' | 'silent' {
  const { notification } = submission;
  if (!notification || notification.number <= notification.limit) return 'message';
  return notification.number === notification.limit + 1 ? 'summary' : 'silent';
}

export function buildMessage(submission: Submission, forms: readonly TeamForm[] = FORMS): Message {
  const { record } = submission;
  const read = formOf(submission.table, record, forms);
  if (!read) throw new Error(`the row matches none of the forms of ${submission.table}`);
  const { form, values } = read;
  const shown = (value: string, options?: Readonly<Record<string, string>>) =>
    value.trim() === '' ? '(none)' : (options?.[value] ?? value);
  const fields = form.fields.map((field): [string, string] => [field.label, shown(values[field.name] ?? '', field.options)]);
  const name = form.fields
    .filter((field) => NAME_FIELDS.includes(field.autoComplete ?? ''))
    .map((field) => values[field.name]?.trim())
    .filter(Boolean)
    .join(' ');
  const email = form.fields.find((field) => field.input === 'email');
  const address = email ? values[email.name] : undefined;
  const title = TITLES[form.id as FormId] ?? 'Submission';
  const { released } = submission;
  return {
    kind: form.id as FormId,
    title,
    subject: `New ${title.toLowerCase()}${released ? ' (released from review)' : ''}: ${oneLine(name || address || record.id, 120)}`,
    ...(released
      ? {
          intro:
            `Held for review while the forms received more than their limits${released.digestId ? ` (counted in digest ${released.digestId})` : ''}, ` +
            `and released by the team ${utc(released.at)}: a lead of its own.`,
        }
      : {}),
    fields: [...fields, ...sourceFields(record)],
    table: submission.table,
    rowId: record.id,
    received: utc(record.created_at),
    ...(address && isEmail(address) ? { replyTo: address } : {}),
    ...(submission.delivery ? { deliveryKey: submission.delivery.key } : {}),
    ...(address?.trim() ? { actions: [eraseLink(address)], withoutLinks: eraseSql(address) } : {}),
  };
}

/** Where the lead came from, as the row records it: each line it has, or one line saying nothing was recorded. */
export function sourceFields(record: Readonly<Record<string, string | null | undefined>>): [string, string][] {
  const value = (column: SourceColumn) => record[column]?.trim() || '';
  const lines: [string, string][] = [];
  if (value('sent_from')) lines.push([SOURCE_LABELS.sentFrom, value('sent_from')]);
  if (value('landing_page')) lines.push([SOURCE_LABELS.landing, value('landing_page')]);
  if (value('referrer_origin')) lines.push([SOURCE_LABELS.referrer, value('referrer_origin')]);
  const campaign = (['utm_source', 'utm_medium', 'utm_campaign'] as const).map(value);
  if (campaign.some(Boolean)) lines.push([SOURCE_LABELS.campaign, campaign.map((part) => part || '–').join(' / ')]);
  if (lines.length === 0 && SOURCE_COLUMNS.length > 0)
    lines.push([SOURCE_LABELS.unknown, "not recorded (sent without the website's script)"]);
  return lines;
}

const eraseLink = (address: string): ActionLink => ({ label: ACTION_LABELS.erase, body: { kind: 'erase', subject: address.trim() } });
const releaseLink = (id: string): ActionLink => ({ label: ACTION_LABELS.release, body: { kind: 'release', subject: id } });
const sqlText = (text: string) => text.replace(/'/g, "''");
const eraseSql = (address: string) =>
  `Erase this sender with "select public.erase_submitter('${sqlText(clean(address).trim())}')" as the service role (supabase/README.md).`;

/** What the team is shown of a held row, in a message and on the actions page alike: no more than this. */
export interface HeldView {
  form: string;
  name: string;
  email: string;
  /** ISO time it was stored. */
  received: string;
  /** The start of its message or cover letter, on one line. */
  excerpt: string;
}

const EXCERPT_LENGTH = 140;

export function heldView(row: HeldRow, forms: readonly TeamForm[] = FORMS): HeldView {
  const read = formOf(row.table, row.record, forms);
  const form = read?.form;
  const values = read?.values ?? {};
  const pick = (test: (field: TeamForm['fields'][number]) => boolean) =>
    form?.fields
      .filter(test)
      .map((field) => values[field.name]?.trim())
      .filter(Boolean)
      .join(' ') ?? '';
  return {
    form: form ? TITLES[form.id as FormId] : 'Submission',
    name: oneLine(
      pick((field) => NAME_FIELDS.includes(field.autoComplete ?? '')),
      120,
    ),
    email: oneLine(
      pick((field) => field.input === 'email'),
      254,
    ),
    received: new Date(row.record.created_at).toISOString(),
    excerpt: oneLine(
      pick((field) => field.input === 'textarea'),
      EXCERPT_LENGTH,
    ),
  };
}

function heldLine(row: HeldRow, forms: readonly TeamForm[]): HeldLine {
  const view = heldView(row, forms);
  const who = [view.name, view.email && `<${view.email}>`].filter(Boolean).join(' ');
  return {
    text: [view.form, who, utc(view.received), view.excerpt && `"${view.excerpt}"`].filter(Boolean).join(' · '),
    links: [releaseLink(row.record.id), ...(view.email ? [eraseLink(view.email)] : [])],
  };
}

function heldSection(rows: HeldRow[], total: number, forms: readonly TeamForm[], rest: string): Message['held'] {
  if (rows.length === 0) return undefined;
  const shown = Math.min(rows.length, total || rows.length);
  return {
    heading: total > rows.length ? `Held for review, newest first: ${shown} of ${total}` : `Held for review, newest first`,
    lines: rows.map((row) => heldLine(row, forms)),
    ...(total > rows.length ? { rest } : {}),
  };
}

/** The one message that stands for the rows after the window's limit: no visitor text, no Reply-To. */
export function summaryMessage(submission: Submission, forms: readonly TeamForm[] = FORMS): Message {
  const notification = submission.notification!;
  const since = clock(notification.windowStartedAt);
  const tables = [...new Set(forms.map((form) => form.table))].join(' and ');
  return {
    kind: 'summary',
    title: 'Probably automated submissions',
    subject: `More than ${notification.limit} submissions since ${since}, probably automated`,
    intro:
      `More than ${notification.limit} submissions since ${since}, probably automated: this row is number ${notification.number}. ` +
      `No message for the next ones until ${clock(notification.windowEndsAt)}; see the tables ${tables}.`,
    fields: [],
    table: submission.table,
    rowId: submission.record.id,
    received: utc(submission.record.created_at),
  };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "2026-11-25 10:04 UTC" without the day when both times are on one day. */
function span(from: string, to: string): string {
  const [a, b] = [utc(from), utc(to)];
  return a.slice(0, 10) === b.slice(0, 10) ? `${a.slice(0, 10)}, ${clock(from)} to ${clock(to)}` : `${a} to ${b}`;
}

const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/** The query that lists what a digest counted, newest first: what the team runs as the service role. */
export const digestQuery = (digest: Digest) =>
  `select * from ${digest.review} where digest_id = ${digest.digestId} order by created_at desc`;

/** A digest: the rows without a message of their own, counted once each, its held rows with their actions, and the list of them all. */
export function digestMessage(digest: Digest, forms: readonly TeamForm[] = FORMS): Message {
  const when = span(digest.firstAt, digest.lastAt);
  const list: ActionLink | undefined =
    digest.held > 0 && digest.digestId > 0
      ? { label: ACTION_LABELS.list, body: { kind: 'list', subject: String(digest.digestId) } }
      : undefined;
  return {
    kind: 'summary',
    title: 'Submissions without a message of their own',
    subject: `${plural(digest.unannounced, 'more submission')}, ${when}: ${digest.held} held for review`,
    intro:
      `${plural(digest.unannounced, 'submission')} stored ${when}, from about ${plural(digest.senders, 'sender')}, ` +
      `got no message of their own (${digest.notified} did). ${digest.held} of them, from about ${plural(digest.heldSenders, 'sender')}, ` +
      `are held for review: release a real lead and it comes to you as a message of its own; erase junk with its sender. ` +
      'Held rows nobody releases are deleted by the retention job.',
    held: heldSection(digest.heldRows, digest.heldTotal, forms, `and ${digest.heldTotal - digest.heldRows.length} more in the list`),
    ...(list ? { actions: [list] } : {}),
    withoutLinks:
      `List them with "${digestQuery(digest)}" and release real ones with ` +
      `"select public.release_held_submissions(array['<id>']::uuid[])", as the service role (supabase/README.md).`,
    fields: [],
    table: 'summary',
    rowId: `digest ${digest.digestId}`,
    received: utc(digest.lastAt),
    ...(digest.delivery ? { deliveryKey: digest.delivery.key } : {}),
  };
}

/** A short alert: what happened, since when, and where to look; a held alert with the held rows it knows of. */
export function alertMessage(alert: Alert, forms: readonly TeamForm[] = FORMS): Message {
  const list = `"select * from ${alert.review} order by created_at desc"`;
  const health = '"select * from public.form_health()"';
  const words = ((): Pick<Message, 'title' | 'subject' | 'intro' | 'held' | 'withoutLinks'> => {
    switch (alert.kind) {
      case 'held':
        return {
          title: 'Submissions are being held',
          subject: `Submissions held for review since ${clock(alert.at)}: a flood or a launch`,
          intro:
            `A submission was held for review at ${clock(alert.at)}: the forms are receiving more than their limits. ` +
            `Visitors are still told their message was received. A digest with every held row follows when the notification window ends at ` +
            `${clock(alert.windowEndsAt)}.`,
          held: heldSection(alert.heldRows, alert.heldTotal, forms, `and ${alert.heldTotal - alert.heldRows.length} more in the digest`),
          withoutLinks: `Meanwhile list what the team has not seen with ${list} as the service role (supabase/README.md).`,
        };
      case 'refused':
        return {
          title: 'Submissions refused: the forms are full',
          subject: `${plural(alert.refused, 'submission')} refused for capacity by ${clock(alert.at)}`,
          intro:
            `${plural(alert.refused, 'submission')} could not be stored because the storage budget or the day's budget for held rows ` +
            `is used up. Those visitors were asked to try again later or to write to the support address, and their drafts were kept. ` +
            `Check with ${health}; erase junk with public.erase_submitter or raise the limit (supabase/README.md).`,
        };
      case 'storage':
        return {
          title: `Submission storage at ${alert.percent}%`,
          subject: `Submission storage at ${alert.percent}%: ${megabytes(alert.usedBytes)} of ${megabytes(alert.budgetBytes)}`,
          intro:
            alert.percent === 100
              ? `The forms' storage budget is used up (${megabytes(alert.usedBytes)} of ${megabytes(alert.budgetBytes)}): every new submission ` +
                `is refused until rows are deleted or the budget is raised. List held rows with ${list}, erase junk, or raise storage_mb ` +
                `(supabase/README.md); ${health} shows the usage.`
              : `The forms' storage is ${megabytes(alert.usedBytes)} of ${megabytes(alert.budgetBytes)}: networks over their share are now ` +
                `refused, and at 100% every submission will be. List held rows with ${list}; ${health} shows the usage.`,
        };
      case 'publishing': {
        const what = alert.reason === 'renewal' ? "The site's scheduled rebuild (before security.txt expires)" : 'A scheduled entry';
        const hook = alert.hookConfirmed
          ? "Netlify took the build hook, so the build itself failed or is still queued: look at the site's deploy log."
          : `The build hook was not taken (${plural(alert.attempts, 'attempt')}${alert.lastError ? `, last error ${alert.lastError}` : ''}): ` +
            'check the netlify_build_hook_url secret, or start a deploy by hand.';
        return {
          title: 'A scheduled build did not go live',
          subject: `Scheduled build of ${utc(alert.dueAt)} not live 15 minutes later`,
          intro:
            `${what} was due at ${utc(alert.dueAt)} and is not on the site yet (last build seen: ` +
            `${alert.lastBuildAt ? utc(alert.lastBuildAt) : 'none'}). ${hook} ${health} shows the publishing job (supabase/README.md).`,
        };
      }
    }
  })();
  return {
    kind: 'alert',
    ...words,
    fields: [],
    table: 'alert',
    rowId: alert.kind,
    received: utc(alert.at),
    ...(alert.delivery ? { deliveryKey: alert.delivery.key } : {}),
  };
}

/** Every action link of a message: the held rows' and the message's own. */
export const linksOf = (message: Message): ActionLink[] => [
  ...(message.held?.lines.flatMap((line) => line.links) ?? []),
  ...(message.actions ?? []),
];

/** Whether the message shows its links: every one of them is signed. Otherwise it shows `withoutLinks`. */
const linked = (message: Message) => linksOf(message).length > 0 && linksOf(message).every((link) => link.url);

/**
 * Sign every action link of `message`, valid LINK_LIFETIME_SECONDS from `nowSeconds`, to the
 * actions page on `site`. Without a secret or a site the links stay unsigned, and the message
 * says the SQL instead.
 */
export async function signLinks(
  message: Message,
  secret: string | undefined,
  site: string | undefined,
  nowSeconds: number,
): Promise<Message> {
  if (!secret || !site) return message;
  const expires = nowSeconds + LINK_LIFETIME_SECONDS;
  const sign = async (link: ActionLink): Promise<ActionLink> => ({
    ...link,
    url: linkUrl(site, await signLink(secret, { ...link.body, expires })),
  });
  return {
    ...message,
    ...(message.held
      ? {
          held: {
            ...message.held,
            lines: await Promise.all(message.held.lines.map(async (line) => ({ ...line, links: await Promise.all(line.links.map(sign)) }))),
          },
        }
      : {}),
    ...(message.actions ? { actions: await Promise.all(message.actions.map(sign)) } : {}),
  };
}

/** A summary, digest or alert: words for the team, not a row. */
/** A summary, digest or alert: words for the team, not a row. */
const isNotice = (message: Message) => message.kind === 'summary' || message.kind === 'alert';

const isLong = (value: string) => value.includes('\n') || value.length > 80;

function footer(message: Message): string {
  if (message.table === 'summary') return `Digest ${message.rowId.replace('digest ', '')}, last row stored ${message.received}`;
  if (message.table === 'alert') return `Alert (${message.rowId}) raised ${message.received}`;
  return `Row ${message.rowId} in ${message.table}, received ${message.received}`;
}

export function plainText(message: Message): string {
  const lines = [isNotice(message) ? message.title : `New ${message.title.toLowerCase()}`, ''];
  const withLinks = linked(message);
  if (message.intro) lines.push(message.intro, ...(message.fields.length > 0 ? [''] : []));
  for (const [label, value] of message.fields) {
    const text = clean(value);
    lines.push(isLong(text) ? `${label}:\n${text}\n` : `${label}: ${text}`);
  }
  if (message.held) {
    lines.push('', `${message.held.heading}:`);
    for (const line of message.held.lines) {
      lines.push(`- ${clean(line.text)}`);
      if (withLinks) for (const link of line.links) lines.push(`  ${link.label}: ${link.url}`);
    }
    if (message.held.rest) lines.push(message.held.rest);
  }
  if (withLinks) {
    if (message.actions?.length) lines.push('', ...message.actions.map((link) => `${link.label}: ${link.url}`));
  } else if (message.withoutLinks) {
    lines.push('', message.withoutLinks);
  }
  lines.push('', footer(message));
  return lines.join('\n');
}

/** A link drawn as a button, big enough to tap on a phone (e-mail clients keep only inline styles). */
const BUTTON =
  'display:inline-block;padding:8px 14px;margin:4px 8px 4px 0;border:1px solid #1d4ed8;border-radius:6px;color:#1d4ed8;text-decoration:none;font-weight:600';

const htmlLink = (link: ActionLink) => `<a href="${escapeHtml(link.url ?? '')}" style="${BUTTON}">${escapeHtml(link.label)}</a>`;

export function emailHtml(message: Message): string {
  const rows = message.fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const heading = isNotice(message) ? message.title : `New ${message.title.toLowerCase()}`;
  const withLinks = linked(message);
  const held = message.held
    ? [
        `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(message.held.heading)}</h2>`,
        '<ol style="padding-left:20px;margin:0">',
        ...message.held.lines.map(
          (line) =>
            `<li style="margin:0 0 12px;overflow-wrap:anywhere;word-break:break-word">${escapeHtml(line.text)}${withLinks ? `<br>${line.links.map(htmlLink).join('')}` : ''}</li>`,
        ),
        '</ol>',
        ...(message.held.rest ? [`<p>${escapeHtml(message.held.rest)}</p>`] : []),
      ]
    : [];
  const after = withLinks
    ? message.actions?.length
      ? [`<p>${message.actions.map(htmlLink).join('')}</p>`]
      : []
    : message.withoutLinks
      ? [`<p>${escapeHtml(message.withoutLinks)}</p>`]
      : [];
  return [
    '<!doctype html>',
    // Mail apps that honour it (Apple Mail, iOS) lay the message out at the phone's width instead of shrinking a desktop page.
    '<html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    '<body style="font-family:system-ui,sans-serif;font-size:14px;line-height:1.5">',
    `<h1 style="font-size:18px">${escapeHtml(heading)}</h1>`,
    ...(message.intro ? [`<p>${escapeHtml(message.intro)}</p>`] : []),
    ...(rows ? [`<table>\n${rows}\n</table>`] : []),
    ...held,
    ...after,
    `<p style="color:#555">${escapeHtml(footer(message))}</p>`,
    '</body></html>',
  ].join('\n');
}

/** A Slack link: the URL (only URL-safe characters: the signed token) and its escaped label. */
const chatLink = (link: ActionLink) => `<${link.url}|${escapeChat(link.label)}>`;

export function chatText(message: Message): string {
  const lines = [isNotice(message) ? `*${message.title}*` : `*New ${message.title.toLowerCase()}*`];
  const withLinks = linked(message);
  if (message.intro) lines.push(escapeChat(message.intro));
  for (const [label, value] of message.fields) {
    const text = escapeChat(value);
    lines.push(isLong(text) ? `*${escapeChat(label)}:*\n${text.replace(/^/gm, '> ')}` : `*${escapeChat(label)}:* ${text}`);
  }
  if (message.held) {
    lines.push(`*${escapeChat(message.held.heading)}:*`);
    for (const line of message.held.lines)
      lines.push(`• ${escapeChat(line.text)}${withLinks ? `  ${line.links.map(chatLink).join(' · ')}` : ''}`);
    if (message.held.rest) lines.push(escapeChat(message.held.rest));
  }
  if (withLinks) {
    if (message.actions?.length) lines.push(message.actions.map(chatLink).join(' · '));
  } else if (message.withoutLinks) {
    lines.push(escapeChat(message.withoutLinks));
  }
  lines.push(footer(message));
  return lines.join('\n');
}
