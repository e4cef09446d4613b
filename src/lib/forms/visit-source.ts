/**
 * Where a lead came from, sent with every form's row: the page it was sent from, the page the
 * visit landed on, the origin of the site that linked there (never its path or query), and the
 * landing page's utm_source, utm_medium and utm_campaign.
 *
 * The landing is noted once per tab by every page's script (./landing.ts, from
 * src/layouts/BaseLayout.astro) in session storage, which lives as long as the tab and is sent
 * nowhere by itself: no cookie. A form adds it to its row (src/components/forms/useFormSubmit.ts).
 * Every value is optional and checked here, when the row is made, by the database's own rule
 * (the columns' CHECKs, supabase/README.md): a value the database would refuse is left out rather
 * than cost the visitor their message, and a visitor without JavaScript or without a recorded
 * visit sends what they typed and nothing else.
 */
import { matchesPattern, ORIGIN_PATTERN, PATH_PATTERN, TEXT_PATTERN } from './patterns';

/**
 * The session-storage key ./landing.ts writes the landing under. Spelled again here rather than
 * imported: a module both imported, the build would split into a file of its own, and every page
 * would fetch it instead of running the layout's script inline (tests/unit/forms/visit-source.test.ts
 * holds the two together).
 */
export const VISIT_KEY = 'visit-source';

export type SourceRule = 'path' | 'origin' | 'text';

export interface SourceColumn {
  /** The column of both form tables. */
  column: string;
  rule: SourceRule;
  /** The column's CHECK bound, in characters. */
  maxLength: number;
}

/** The columns, in the order the team's message shows them. */
export const SOURCE_COLUMNS = [
  { column: 'sent_from', rule: 'path', maxLength: 300 },
  { column: 'landing_page', rule: 'path', maxLength: 300 },
  { column: 'referrer_origin', rule: 'origin', maxLength: 300 },
  { column: 'utm_source', rule: 'text', maxLength: 100 },
  { column: 'utm_medium', rule: 'text', maxLength: 100 },
  { column: 'utm_campaign', rule: 'text', maxLength: 100 },
] as const satisfies readonly SourceColumn[];

export type SourceColumnName = (typeof SOURCE_COLUMNS)[number]['column'];
export type SourceValues = Partial<Record<SourceColumnName, string>>;

const RULE_PATTERNS: Record<SourceRule, string> = { path: PATH_PATTERN, origin: ORIGIN_PATTERN, text: TEXT_PATTERN };

/** The value if the database would take it for `column`, else undefined. */
export function acceptable(column: SourceColumn, value: string | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '' || value.length > column.maxLength) return undefined;
  return matchesPattern(RULE_PATTERNS[column.rule], value) ? value : undefined;
}

/** Only the columns whose values the database would take. */
export function acceptableValues(values: Record<string, string | null | undefined>): SourceValues {
  const kept: SourceValues = {};
  for (const column of SOURCE_COLUMNS) {
    const value = acceptable(column, values[column.column]);
    if (value !== undefined) kept[column.column] = value;
  }
  return kept;
}

/**
 * The source columns of a row sent from `pathname`: the page, and the tab's landing as noted (checked
 * again: storage is the visitor's). `storage` is asked for inside a try: reading `sessionStorage`
 * throws where storage is disabled.
 */
export function sourceOf(storage: () => Storage | undefined, pathname: string): SourceValues {
  let landing: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(VISIT_KEY) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) landing = parsed as Record<string, unknown>;
  } catch {
    landing = {};
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return acceptableValues({
    sent_from: pathname,
    landing_page: text(landing.landing_page),
    referrer_origin: text(landing.referrer_origin),
    utm_source: text(landing.utm_source),
    utm_medium: text(landing.utm_medium),
    utm_campaign: text(landing.utm_campaign),
  });
}
