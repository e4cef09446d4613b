/**
 * Every address the site has published keeps answering, and scheduled entries are nowhere before their time: the
 * probe build (./probe-build.ts HISTORY_PROBES: a copy of content/ with a past in git) served with Netlify's
 * redirect semantics (src/lib/deploy/netlify.ts netlifyAnswer: a forced rule wins over a file at its path):
 * every path of its history answers its page, a 301 to where its entry is now (chains collapsed), or a 410 with
 * a page that says it is gone and links to its section, never a 404; links to old paths are rendered with the
 * new ones; the sitemap lists only the new; the post scheduled for 2099 is in no output, the one whose time came
 * is in all of them. The real site's build has no such past: its rules are read the same way.
 */
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { probeBuild, HISTORY_PROBES as H } from './probe-build';
import { netlifyAnswer, parseHeadersFile, parseRedirectsFile, headersFor } from '../../src/lib/deploy/netlify';
import { builtPages, servedFile, sitemapPaths } from '../../src/lib/deploy/dist-folder';
import { readManifest } from '../../src/lib/routes/manifest';
import { readPathHistory } from '../../src/lib/routes/history';
import { buildPublished, publishedReport } from '../../src/lib/deploy/gate/check-dist';
import { placeholderValues } from '../../src/lib/content/placeholders';
import { cardBase } from '../../src/lib/social-cards/card';
import { DIST, earlierPaths, jsonLdNodes, readPage } from '../support/site-under-test';

describe('the probe build, a copy of the content with a past', { timeout: 240_000 }, () => {
  const probe = probeBuild();
  const out = probe.out;
  const rules = () => parseRedirectsFile(readFileSync(join(out, '_redirects'), 'utf8'));
  const exists = (file: string) => existsSync(join(out, file));
  const answer = (path: string) => netlifyAnswer(path, rules(), (p) => servedFile(p, exists));
  const html = (file: string) => readFileSync(join(out, file), 'utf8');

  it('answers every path its history published, none with a 404: its page, a 301 to where it is now, or a 410', () => {
    expect(probe.status, probe.output).toBe(0);
    const manifest = readManifest(probe.contentDir);
    const history = readPathHistory(probe.contentDir, { at: new Date(), values: placeholderValues(manifest.site) });
    expect(history).toMatchObject({ source: 'git', commits: 3, shallow: false });
    const answers = Object.fromEntries(history.paths.map((p) => [p.path, answer(p.path)]));
    expect(Object.entries(answers).filter(([, a]) => a.status === 404)).toEqual([]);

    // The rename, and a chain of two, each old path straight to the last.
    expect(answers[H.about.from]).toEqual({ status: 301, location: H.about.to });
    for (const old of H.chain.paths.slice(0, 2)) expect(answers[old]).toEqual({ status: 301, location: H.chain.paths[2] });
    // A removed post: 410 with its gone page; a removed page an editor gave a successor: 301 there.
    expect(answers[H.removedPost.path]).toEqual({ status: 410, file: '_gone/blog.html' });
    expect(answers[H.retired.path]).toEqual({ status: 301, location: H.retired.successor });
    // A path a new page took back, and the new paths: their pages.
    for (const path of [H.reused, H.about.to, H.chain.paths[2], H.due.path]) expect(answers[path], path).toMatchObject({ status: 200 });
    // Never published (scheduled and removed before its time; a draft), scheduled now: no rule, the 404 they always were.
    for (const path of [...H.neverPublished, H.scheduled.path]) {
      expect(history.paths.map((p) => p.path)).not.toContain(path);
      expect(answer(path), path).toEqual({ status: 404, file: '404.html' });
    }
  });

  it('wins over the meta-refresh page at an old path with a forced rule; a rule that is not forced would be shadowed by it', () => {
    expect(exists('about.html')).toBe(true);
    const forced = rules().find((r) => r.from === H.about.from)!;
    expect(forced).toEqual({ from: H.about.from, to: H.about.to, status: 301, force: true });
    expect(netlifyAnswer(H.about.from, [{ ...forced, force: false }], (p) => servedFile(p, exists))).toEqual({
      status: 200,
      file: 'about.html',
    });
  });

  it("gives a gone path its section's gone page, which says so and links to the section, under that page's headers", () => {
    const gone = html('_gone/blog.html');
    const copy = readFileSync('content/search.yaml', 'utf8');
    expect(gone).toMatch(/<h1[^>]*>This page has been removed<\/h1>/);
    expect(copy).toContain('heading: This page has been removed');
    expect(gone).toContain('The page you asked for has been removed and is no longer on the site.');
    expect(gone).toMatch(/<a href="\/blog"[^>]*>\s*Go to Blog\s*<\/a>/);
    expect(gone).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    expect(gone).not.toMatch(/rel="canonical"|og:image|application\/ld\+json/);
    expect(gone).not.toContain('data-pagefind-body');
    const headers = parseHeadersFile(html('_headers'));
    expect(headersFor(headers, H.removedPost.path)).toEqual(headersFor(headers, '/_gone/blog'));
    expect(headersFor(headers, H.removedPost.path)['Content-Security-Policy']).toMatch(/script-src/);
  });

  it('renders every link to an old path with the new one: the menus on every page, the home page, a post’s text', () => {
    const pages = builtPages(out).filter((p) => !p.file.startsWith('_gone/') && !/http-equiv="refresh"/.test(p.html));
    expect(pages.length).toBeGreaterThan(50);
    for (const page of pages) {
      expect(page.html, page.path).not.toMatch(/href="\/about"/);
      expect(page.html, page.path).not.toMatch(new RegExp(`href="${H.chain.paths[0]}[#"]`));
    }
    expect(pages.filter((p) => p.html.includes(`href="${H.about.to}"`)).length).toBe(pages.filter((p) => /<header/.test(p.html)).length);
    const post = readPage(H.links.path, out);
    expect(post).toContain(`href="${H.chain.paths[2]}#top"`);
    expect(post).toContain(`href="${H.about.to}"`);
    expect(post).toContain(`href="${H.retired.successor}"`);
  });

  it('lists only the new paths in the sitemap', () => {
    const sitemap = sitemapPaths(out);
    expect(sitemap).toEqual(expect.arrayContaining([H.about.to, H.chain.paths[2], H.reused, H.due.path]));
    for (const old of [H.about.from, ...H.chain.paths.slice(0, 2), H.removedPost.path, H.retired.path, H.scheduled.path])
      expect(sitemap).not.toContain(old);
    expect(sitemap.filter((p) => p.startsWith('/_'))).toEqual([]);
  });

  it('puts the post scheduled for 2099 in no output, and the post whose time came in every one', () => {
    const outputs = (path: string, title: string) => ({
      page: exists(servedFile(path, exists) ?? '-'),
      blog: builtPages(out).some((p) => /^\/blog(\/\d+)?$/.test(p.path) && p.html.includes(`href="${path}"`)),
      feed: html('rss.xml').includes(path),
      sitemap: sitemapPaths(out).includes(path),
      card: exists(`${cardBase(path)}.png`),
      structuredData: builtPages(out).some((p) => p.html.includes(title) && /BlogPosting/.test(JSON.stringify(jsonLdNodes(p)))),
      goneList: rules().some((r) => r.from === path),
      entryLink: rules().some((r) => r.status === 302 && r.to === path),
      anyFile: builtPages(out).some((p) => p.html.includes(path)),
    });
    expect(outputs(H.scheduled.path, H.scheduled.title)).toEqual({
      page: false,
      blog: false,
      feed: false,
      sitemap: false,
      card: false,
      structuredData: false,
      goneList: false,
      entryLink: false,
      anyFile: false,
    });
    expect(outputs(H.due.path, H.due.title)).toEqual({
      page: true,
      blog: true,
      feed: true,
      sitemap: true,
      card: true,
      structuredData: true,
      goneList: false,
      entryLink: true,
      anyFile: true,
    });
    // When it is due is all the build says of it: dist/publishing.json, for the rebuild trigger.
    const publishing = JSON.parse(html('publishing.json')) as { builtAt: string; due: string[] };
    expect(publishing.due).toEqual([new Date(H.scheduled.publishAt).toISOString()]);
    expect(new Date(publishing.builtAt).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('links each live entry for the CMS to its page (302), whatever placeholder or rename its path went through', () => {
    const links = Object.fromEntries(earlierPaths(out).entryLinks.map((r) => [r.from, r.to]));
    expect(links['/_entry/pages/about']).toBe(H.about.to);
    expect(links['/_entry/pages/probe-moved']).toBe(H.chain.paths[2]);
    expect(links['/_entry/posts/welcome']).toMatch(/^\/post\/[a-z]+-blog-welcome$/);
    expect(links['/_entry/posts/probe-scheduled']).toBeUndefined();
  });

  it('prints what the pre-publish check finds added and why', () => {
    const { published } = buildPublished(out, probe.contentDir);
    const report = publishedReport(published);
    expect(report).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^ {2}301 \/about → \/about-us: content\/pages\/about\.yaml moved from \/about to \/about-us \([0-9a-f]{7}, 2025-02-01\)$/,
        ),
        expect.stringMatching(
          /^ {2}301 \/probe-moved-a → \/probe-moved-c: content\/pages\/probe-moved\.yaml moved from \/probe-moved-a to \/probe-moved-c \([0-9a-f]{7}, 2025-02-01\)$/,
        ),
        `  301 /probe-retired → /contact: named in content/redirects.yaml`,
        expect.stringMatching(
          /^ {2}410 \/post\/probe-removed \(page \/_gone\/blog, links to \/blog\): content\/posts\/probe-removed\.md \(“A probe post that was removed”\) removed in [0-9a-f]{7}, 2025-02-01; no successor in content\/redirects\.yaml$/,
        ),
      ]),
    );
    // Those four and the five of the probe, besides the content's own redirects.
    const content = readManifest('content').redirects.length;
    expect(report).toHaveLength(content + 5);
  });
});

describe('the real site', () => {
  it('answers its editors’ redirects with forced 301s, and every entry link with a 302 to a built page', () => {
    const { moved, gone, entryLinks } = earlierPaths(DIST);
    expect(moved.map((r) => r.from)).toContain('/careers');
    expect(moved.every((r) => r.force)).toBe(true);
    // An editor's redirect lands where the editor named it, an alias of a live page included (not on its canonical path).
    const { slug } = readManifest('content').site;
    expect(moved.find((r) => r.from === `/${slug}-advertising`)).toMatchObject({ to: '/services/advertising-management', status: 301 });
    expect(gone).toEqual([]); // its history removed nothing it published
    expect(entryLinks.length).toBeGreaterThan(30);
    for (const link of entryLinks)
      expect(
        servedFile(link.to, (f) => existsSync(join(DIST, f))),
        link.from,
      ).toBeDefined();
  });
});
