/**
 * Markdown bodies (products, services, posts) are rendered to HTML by the
 * content layer before placeholders could be filled, so `{brand}` reaches
 * the HTML as text and `[link]({url.prsafe})` as an encoded href
 * (`%7Burl.prsafe%7D`). This fills both forms in the rendered HTML, escaping
 * the values for HTML, and fails on an unknown placeholder like `fill` does.
 */
import { fill } from './placeholders';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const ENCODED = /%7B([a-zA-Z]+(?:\.[a-zA-Z]+)?)%7D/gi;
const PLAIN = /\{([a-zA-Z]+(?:\.[a-zA-Z]+)?)\}/g;

export function fillHtml(html: string, values: Record<string, string>): string {
  const escaped = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(v)]));
  const decoded = html.replace(ENCODED, (_match, name: string) => `{${name}}`);
  return decoded.replace(PLAIN, (match) => fill(match, escaped));
}
