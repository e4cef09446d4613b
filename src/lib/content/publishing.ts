/**
 * When an entry is on the site: the one rule every output follows. An entry
 * (a page, product, service or post) may name a `publishAt` date-time with its
 * zone; before it the entry is nowhere (no page, card, list, feed item,
 * sitemap or search entry, social card, structured data, redirect or gone
 * page), from it on it is everywhere. The readers apply it where entries
 * enter the site, the disk reader (./read.ts: the route manifest, the content
 * check's documents, the pictures) and the content collections
 * (./collections.ts: the pages), so no output can forget it.
 *
 * A build judges every entry at one time: `publishingTime()`, the build's
 * start (BUILD_TIME overrides it, for tests and the benchmark). Deploy
 * previews and branch deploys (Netlify's CONTEXT) show scheduled entries, so
 * an editor can look at a post before its day: their time is the end of time.
 */

/** Netlify's deploy contexts whose deploys are not the live site (`CONTEXT`). */
export const PREVIEW_CONTEXTS = ['deploy-preview', 'branch-deploy'] as const;

/** After every date: the time of a preview, where every scheduled entry shows. */
export const END_OF_TIME = new Date(8.64e15);

/** A date-time with its zone: 2026-12-01T09:00:00+01:00, …T08:00Z (seconds and fractions optional). */
export const DATE_TIME_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether a build in Netlify context `context` publishes a preview rather than the live site. */
export function isPreviewContext(context: string | undefined): boolean {
  return (PREVIEW_CONTEXTS as readonly string[]).includes(context ?? '');
}

/** The time of the build at `env` (BUILD_TIME, else now), before which no entry is published. */
export function buildTime(env: Record<string, string | undefined> = process.env): Date {
  if (!env.BUILD_TIME) return new Date();
  const time = parseDateTime(env.BUILD_TIME);
  if (!time) throw new Error(`BUILD_TIME must be a date-time with its zone, e.g. 2026-12-01T09:00:00+01:00, not "${env.BUILD_TIME}"`);
  return time;
}

/** The time entries are judged at: the build's time, or, for a preview (CONTEXT), the end of time. */
export function publishingTime(env: Record<string, string | undefined> = process.env): Date {
  return isPreviewContext(env.CONTEXT) ? END_OF_TIME : buildTime(env);
}

/** Whether a text of the form DATE_TIME_WITH_ZONE names a real moment: no 30 February, no 25 o'clock (JavaScript's Date would roll them over). */
export function isRealDateTime(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= days && hour < 24 && minute < 60 && second < 60;
}

/** A `publishAt` as written (text from the disk reader, a Date from Astro's YAML reader), or undefined when it is not one. */
export function parseDateTime(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!DATE_TIME_WITH_ZONE.test(text) || !isRealDateTime(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The fields of an entry this rule reads. */
export interface Schedulable {
  publishAt?: Date | string;
}

/** When the entry goes live (undefined: it always was). */
export function publishAtOf(data: unknown): Date | undefined {
  const value = (data as Schedulable | null | undefined)?.publishAt;
  return value === undefined ? undefined : parseDateTime(value);
}

/** Whether the entry is on the site at `at`: no publishAt, or one at or before `at`. A publishAt that cannot be read never is. */
export function isLive(data: unknown, at: Date): boolean {
  const value = (data as Schedulable | null | undefined)?.publishAt;
  if (value === undefined) return true;
  const time = parseDateTime(value);
  return time !== undefined && time.getTime() <= at.getTime();
}

/** The times after `at` at which entries of `data` go live, each once, soonest first: when the site must be built again. */
export function dueTimes(data: readonly unknown[], at: Date): Date[] {
  const times = new Set<number>();
  for (const entry of data) {
    const time = publishAtOf(entry)?.getTime();
    if (time !== undefined && time > at.getTime()) times.add(time);
  }
  return [...times].sort((a, b) => a - b).map((time) => new Date(time));
}
