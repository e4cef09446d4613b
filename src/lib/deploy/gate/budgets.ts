/**
 * Size budgets per page, gzip -9 bytes (1 KB = 1000 bytes, the stricter reading).
 * HTML fits the first round trip (TCP initial window, ~14.6 kB); JavaScript is
 * what a page fetches before any interaction (a form page its form's code,
 * fetched once it has painted and run only on the first interaction:
 * src/lib/islands/prefetch.ts), and what each island needs for its first,
 * fetched ahead or on it; CSS is every stylesheet the page links plus its inline <style>
 * blocks; pictures are every picture a phone fetches for the page. HTML, CSS
 * and pictures are checked on dist/ before publishing
 * (src/lib/deploy/gate/check-dist.ts), JavaScript in a browser (each page's
 * visit, tests/e2e/visit.spec.ts, and each island's first interaction,
 * tests/e2e/budgets.spec.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BuiltPage } from '../dist-folder';
import { pagePictures, PHONE } from './pictures';

export const KB = 1000;

export const BUDGETS = {
  /**
   * gzip -9, stricter than what Netlify sends (brotli). 14 KB until the form pages, near it, took both the form
   * islands' directive with its module graph (+0.25 KB) and the throttled notice's wait phrases (+0.07 KB):
   * /join-corvana, the heaviest, is 14.1 KB gzip, 11.7 KB brotli, which with its headers still fits the first round trip.
   */
  html: 14.5 * KB,
  css: 12 * KB,
  /**
   * Every picture of a page as a 390 px phone at 2 device pixels per px fetches it, the page scrolled to its end
   * (./pictures.ts): about a second on the 1.6 Mbps link pages are measured on. Four photos of a post, or
   * twelve covers of the blog's page, fit.
   */
  pictures: 200 * KB,
  js: {
    /** Pages without a form or sign-in: no React runtime at load. */
    plain: 10 * KB,
    /** The home page (its parallax hero is a React island; it now hydrates on the first scroll, so it loads none at page load). */
    home: 75 * KB,
    /** Pages with a form island (detected in the HTML): its module graph, fetched ahead (December 2026: 78 KB in 10 files). */
    form: 90 * KB,
    /** The sign-in page: the card's module graph, fetched ahead (77.8 KB in 9 files). */
    login: 100 * KB,
  },
  /**
   * What an island's first interaction needs, per island component, fetched ahead (a form island's module
   * graph) or on it: its code, the React runtime, and what it loads right after (the forms' notices and
   * Supabase client, the sign-in card's notices and auth module). A little above each island's figure
   * (December 2026: forms 88.9–89.2 KB in 12 files, of which the first interaction runs the 10 fetched
   * ahead, 78 KB; the sign-in card 106.5 KB in 11 with its auth module; the menu 70.5 KB, the hero
   * 71.1 KB), so a heavy dependency pulled into one fails its test.
   */
  island: {
    ContactForm: 90 * KB,
    DemoForm: 90 * KB,
    CareersForm: 90 * KB,
    ProductTeamForm: 90 * KB,
    SignInCard: 110 * KB,
    MobileMenu: 74 * KB,
    ParallaxHero: 75 * KB,
  },
} as const;

export type JsBudgetKind = keyof typeof BUDGETS.js;

export function jsBudgetKind(path: string, hasFormIsland: boolean): JsBudgetKind {
  if (path === '/') return 'home';
  if (path === '/login') return 'login';
  return hasFormIsland ? 'form' : 'plain';
}

export const gzipSize = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;

export const kb = (bytes: number) => (bytes / KB).toFixed(1);

export interface PageWeight {
  /** The page's HTML, gzip bytes. */
  html: number;
  /** Its linked stylesheets plus inline <style> blocks, gzip bytes. */
  css: number;
  stylesheets: string[];
  /** Its pictures as a phone fetches them (./pictures.ts), bytes. */
  pictures: number;
}

/** HTML and CSS weight of a built page (`file` relative to `distDir`). */
export function pageWeight(distDir: string, file: string): PageWeight {
  const html = readFileSync(join(distDir, file), 'utf8');
  const stylesheets = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])![1]);
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const css = stylesheets.reduce(
    (sum, href) => sum + gzipSize(readFileSync(join(distDir, href.replace(/^\//, '')))),
    inline ? gzipSize(inline) : 0,
  );
  const pictures = pagePictures(distDir, html).reduce((sum, picture) => sum + picture.bytes, 0);
  return { html: gzipSize(html), css, stylesheets, pictures };
}

/** The heaviest page for HTML, CSS and pictures against their budgets, one line: what the gate prints when it passes. */
export function headroom(distDir: string, pages: Pick<BuiltPage, 'file' | 'path'>[]): string {
  if (pages.length === 0) return 'no pages';
  const weights = pages.map((page) => ({ path: page.path, ...pageWeight(distDir, page.file) }));
  const heaviest = (kind: 'html' | 'css' | 'pictures') => weights.reduce((max, w) => (w[kind] > max[kind] ? w : max), weights[0]);
  const label = { html: 'HTML', css: 'CSS', pictures: `pictures at ${PHONE.width} px` };
  return (['html', 'css', 'pictures'] as const)
    .map((kind) => {
      const page = heaviest(kind);
      if (page[kind] === 0) return `${label[kind]}: none`;
      return `${label[kind]} ${kb(page[kind])} KB (${page.path}) of ${kb(BUDGETS[kind])} KB`;
    })
    .join(', ');
}
