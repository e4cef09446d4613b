/**
 * Netlify's side of the deploy: inline script detection for CSP hashes, the
 * `_headers` and `_redirects` file formats, and how Netlify matches a path
 * to header rules. The build writes both files into dist/
 * (src/lib/deploy/integration.ts); the pre-publish check and the tests read them
 * back with the parsers here. Reading a build folder is dist-folder.ts's.
 */
import { createHash } from 'node:crypto';
import type { Redirect } from '../routes/build';

export interface InlineScript {
  /** File (relative to the build folder) the script was found in. */
  file: string;
  content: string;
  /** CSP source expression without quotes: sha256-<base64>. */
  hash: string;
}

const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript']);

export function sha256Source(content: string): string {
  return `sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}`;
}

/** Inline scripts the browser would execute (no src; JS or module type; data blocks such as JSON-LD excluded). */
export function inlineScripts(html: string, file = ''): InlineScript[] {
  const scripts: InlineScript[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = match[1];
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = (/\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1] ?? '').toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    scripts.push({ file, content: match[2], hash: sha256Source(match[2]) });
  }
  return scripts;
}

/** A header rule: a `_headers` block or a `[[headers]]` table of netlify.toml. */
export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

/** Netlify's path matching for header rules: `*` at the end matches the rest, `:name` one segment. */
export function matchesRule(pattern: string, path: string): boolean {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.length === 0) return path === '/';
  let source = '^';
  for (const part of parts) {
    if (part === '*') source += '(?:/.*)?';
    else if (part.startsWith(':')) source += '/[^/]+';
    else source += `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return new RegExp(`${source}/?$`).test(path);
}

/**
 * The headers Netlify would send for `path`: every matching rule applies, and
 * a header set by several rules gets their values joined with ", " (which is
 * why no two Cache-Control rules may overlap).
 */
export function headersFor(rules: HeaderRule[], path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (!matchesRule(rule.for, path)) continue;
    for (const [name, value] of Object.entries(rule.values)) {
      const key = Object.keys(out).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
      out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
    }
  }
  return out;
}

/** Parses a CSP into directive name -> sources. */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The `_headers` file: a path on its own line, then its headers indented, one per line. */
export function renderHeadersFile(rules: HeaderRule[], comment: string[] = []): string {
  const lines = comment.map((line) => `# ${line}`);
  for (const rule of rules) {
    lines.push(rule.for, ...Object.entries(rule.values).map(([name, value]) => `  ${name}: ${value}`));
  }
  return `${lines.join('\n')}\n`;
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ for: line.trim(), values: {} });
      continue;
    }
    const rule = rules.at(-1);
    const match = /^\s+([^:\s]+):\s*(.*)$/.exec(line);
    if (!rule || !match) throw new Error(`_headers: cannot read the line "${line}"`);
    rule.values[match[1]] = match[2].trim();
  }
  return rules;
}

/** A `_redirects` rule; `force` (the `!`) makes it win over a file at the same path. */
export interface RedirectRule extends Redirect {
  status: number;
  force: boolean;
}

export function renderRedirectsFile(rules: RedirectRule[], comment: string[] = []): string {
  const lines = [...comment.map((line) => `# ${line}`), ...rules.map((r) => `${r.from} ${r.to} ${r.status}${r.force ? '!' : ''}`)];
  return `${lines.join('\n')}\n`;
}

export function parseRedirectsFile(text: string): RedirectRule[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() && !line.trim().startsWith('#'))
    .map((line) => {
      const [from, to, status = '301'] = line.trim().split(/\s+/);
      const match = /^(\d{3})(!?)$/.exec(status);
      if (!from || !to || !match) throw new Error(`_redirects: cannot read the line "${line}"`);
      return { from, to, status: Number(match[1]), force: match[2] === '!' };
    });
}

/** What Netlify answers a request: a status, and the file it sends or the address it redirects to. */
export interface Answer {
  status: number;
  /** The build file sent (relative to the build folder); none for a redirect. */
  file?: string;
  location?: string;
}

/**
 * How Netlify answers a GET of `path` (decoded) with the rules of dist/_redirects, for the build's exact-path
 * rules: the first rule whose `from` is the path applies when it is forced (`!`) or no file is served at the
 * path (a file shadows a rule that is not forced); a 3xx redirects, a 200 rewrites, a 404 or 410 sends the
 * rule's target page with that status. Without a rule: the file (pretty URLs), or 404.html with 404.
 * `served` is the file lookup (src/lib/deploy/dist-folder.ts servedFile).
 */
export function netlifyAnswer(
  path: string,
  rules: readonly RedirectRule[],
  served: (path: string) => string | undefined,
  notFound = '404.html',
): Answer {
  const file = served(path);
  const normal = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const rule = rules.find((r) => r.from === normal);
  if (rule && (rule.force || !file)) {
    if (rule.status >= 300 && rule.status < 400) return { status: rule.status, location: rule.to };
    const target = served(rule.to);
    if (rule.status === 200) return target ? { status: 200, file: target } : { status: 404, file: notFound };
    return { status: rule.status, file: target ?? notFound };
  }
  return file ? { status: 200, file } : { status: 404, file: notFound };
}
