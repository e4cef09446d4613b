/**
 * Content is written once, in `content/site.yaml`; everything else refers to
 * it with placeholders such as `{brand}`, `{slug}` or `{url.planner}`.
 * This module fills them in, and fails loudly on an unknown one so that a
 * typo in a content file stops the build instead of reaching a visitor.
 */
import type { Site } from './schemas';
import { retentionPlaceholders } from './retention';

const PLACEHOLDER = /\{([a-zA-Z]+(?:\.[a-zA-Z]+)?)\}/g;

/** The values a placeholder can name, flattened: brand, slug, host, email.support, url.planner, retention.contactRequests … */
export function placeholderValues(site: Site): Record<string, string> {
  const values: Record<string, string> = {
    brand: site.brand,
    slug: site.slug,
    host: site.host.replace(/\/$/, ''),
    phone: site.phone,
    location: site.location,
    headquarters: site.headquarters,
    hours: site.hours,
    weekendSupport: site.weekendSupport,
    founded: String(site.founded),
    year: String(site.copyrightYear),
  };
  for (const [key, value] of Object.entries(site.email)) values[`email.${key}`] = value;
  for (const [key, value] of Object.entries(site.urls)) values[`url.${key}`] = value;
  return { ...values, ...retentionPlaceholders(site.retention) };
}

/** `values` with each of `slots` filled by itself, so `{page}` stays as written for a later step to fill. */
export function keepingSlots(values: Record<string, string>, slots: readonly string[]): Record<string, string> {
  return { ...values, ...Object.fromEntries(slots.map((slot) => [slot, `{${slot}}`])) };
}

export class PlaceholderError extends Error {}

/** The placeholders of `text` that `values` cannot fill, as written ({brnad}), for checks that report rather than throw. */
export function unknownPlaceholders(text: string, values: Record<string, string>): string[] {
  return [...text.matchAll(PLACEHOLDER)].filter((m) => values[m[1]] === undefined).map((m) => m[0]);
}

/** Replace every `{name}` in `text`; throws naming the placeholder and the text when one is unknown. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new PlaceholderError(
        `Unknown placeholder ${match} in "${text}". Known: ${Object.keys(values)
          .map((k) => `{${k}}`)
          .join(', ')}`,
      );
    }
    return value;
  });
}

/** Fill placeholders in every string of a plain data structure (Dates and other objects pass through). */
export function fillDeep<T>(value: T, values: Record<string, string>): T {
  if (typeof value === 'string') return fill(value, values) as T;
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, values)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, values)])) as T;
  }
  return value;
}
