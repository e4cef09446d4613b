/**
 * What the deploy files say about the paths of earlier builds (src/lib/routes/published.ts): the rules
 * of dist/_redirects and the headers of a gone path (dist/publishing.json, the schedule: ./publishing-file.ts).
 * The build writes them (./integration.ts); the pre-publish check compares them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { HeaderRule, RedirectRule } from './netlify';
import { pageFile } from './dist-folder';
import { scriptlessMetaCsp, type CspInput } from './csp';

/** What the build publishes about the paths of earlier builds (src/lib/routes/published.ts readPublished). */
export interface PublishedRules {
  moved: readonly { from: string; to: string }[];
  gone: readonly { path: string; page: string }[];
  entryLinks: readonly { from: string; to: string }[];
}

/**
 * Every rule of dist/_redirects, each forced (`!`): a moved path's 301 (the build also writes a meta-refresh
 * page there for other hosts, which would otherwise be served with 200), a gone path's 410 serving its gone
 * page (nothing may shadow it), an entry link's 302 (temporary: the entry may move again).
 */
export function redirectRules({ moved, gone, entryLinks }: PublishedRules): RedirectRule[] {
  return [
    ...moved.map(({ from, to }) => ({ from, to, status: 301, force: true })),
    ...gone.map(({ path, page }) => ({ from: path, to: page, status: 410, force: true })),
    ...entryLinks.map(({ from, to }) => ({ from, to, status: 302, force: true })),
  ];
}

/** A gone path gets the headers of the gone page it serves (its CSP names that page's scripts): header rules follow the request's path. */
export function goneHeaderRules(pageRules: readonly HeaderRule[], gone: PublishedRules['gone']): HeaderRule[] {
  return gone.flatMap(({ path, page }) => {
    const rule = pageRules.find((r) => r.for === page);
    return rule ? [{ for: path, values: { ...rule.values } }] : [];
  });
}

/** A moved path's page for hosts without dist/_redirects (`astro preview`, other static hosts): a meta refresh. */
export interface RedirectPage {
  from: string;
  to: string;
  /** The target page's title and name, its only words. */
  title: string;
  name: string;
  /** The target's canonical URL. */
  canonical: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The HTML of a moved path's page: its policy as every page has it, noindex, its canonical the target's, a meta refresh and a link there. */
export function redirectPageHtml({ to, title, name, canonical }: RedirectPage, csp: CspInput = {}): string {
  const [url, label] = [escapeHtml(to), escapeHtml(name)];
  const policy = escapeHtml(scriptlessMetaCsp(csp));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="${policy}"><title>${escapeHtml(title)}</title><meta http-equiv="refresh" content="0; url=${url}"><meta name="robots" content="noindex"><link rel="canonical" href="${escapeHtml(canonical)}"></head><body><a href="${url}">${label}</a></body></html>\n`;
}

/**
 * Writes each moved path's page into the build: plain files, not pages Astro renders, as Netlify never serves
 * them (the forced 301 comes first): fifty renames cost the build milliseconds, not fifty page renders.
 */
export function writeRedirectPages(distDir: string, pages: readonly RedirectPage[], csp: CspInput = {}): void {
  for (const page of pages) {
    const file = join(distDir, pageFile(page.from));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, redirectPageHtml(page, csp));
  }
}
