/**
 * The social cards of the built site (src/lib/social-cards/): every page with
 * the site's head names the card the build drew for its route (the head and
 * the build agree, both from the route list), with its words as alt text; the
 * structured data still names the real images. On the probe build: titles in
 * Greek, Cyrillic, Chinese, Japanese and Korean drawn with the fallback fonts
 * (none left to empty boxes), a title at the length limit (capitals) with a word wider
 * than a line, shrunk and wrapped into the box, a right-to-left title left
 * off, every card's version new when the drawing code changes, and the cache
 * between builds filled with each card under its version.
 * What the pre-publish check reads (file present, 1200×630, the version the
 * head names, size, headers) is tests/build/gate.test.ts's.
 */
import { describe, it, expect } from 'vitest';
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { readManifest, servedPaths, type Manifest } from '../../src/lib/routes/manifest';
import { cardPages } from '../../src/lib/deploy/integration';
import { headMetas } from '../../src/lib/deploy/gate/cards';
import { socialCard, type DrawnSpec } from '../../src/lib/social-cards/card';
import { cardAssets, CARDS_SOURCE_DIR, FALLBACK_FONTS, FONT_DIR } from '../../src/lib/social-cards/assets';
import { renderCard, TITLE_BOX } from '../../src/lib/social-cards/render';
import { fitTitle } from '../../src/lib/social-cards/fit';
import { imageInfo } from '../../src/lib/social-cards/image-file';
import { canonicalHost, CONTENT, DIST, jsonLdNodes, readPage, requireDist } from '../support/site-under-test';
import { CARD_PROBES, PICTURE_PROBES, probeBuild } from './probe-build';
import { pageFile } from '../../src/lib/deploy/dist-folder';

/** Each page with a card: its served paths (aliases too) and the card the route list says it has (a post's cover its picture). */
function expectedCards(manifest: Manifest, contentDir = CONTENT) {
  const host = canonicalHost(manifest);
  const pages = new Set(cardPages(manifest.routes).map((page) => page.meta.path));
  return servedPaths(manifest)
    .filter(({ route }) => pages.has(route.path))
    .map(({ path, route }) => ({
      path,
      card: socialCard({ meta: route.meta, kind: route.kind, cover: route.source.cover, site: manifest.site, host, contentDir }),
    }));
}

describe('the social cards of the built site', () => {
  it('give every page with the site head the card of its route, its words as alt text, and a card file per route', () => {
    requireDist();
    const manifest = readManifest(CONTENT);
    const expected = expectedCards(manifest);
    expect(expected.length).toBe(servedPaths(manifest).length - 1); // all but the CMS
    for (const { path, card } of expected) {
      const metas = headMetas(readPage(path));
      expect(metas.get('og:image'), path).toBe(card.url);
      expect(metas.get('og:image:alt'), path).toBe(card.alt);
      expect(existsSync(join(DIST, card.file)), card.file).toBe(true);
    }
    // The alt text names the page: the card's title is the page's title without the brand part.
    const newsbox = expected.find((e) => e.path === '/newsbox')!.card;
    expect(newsbox.alt).toBe(
      `Corvana · Product: ${manifest.routes.find((r) => r.path === '/newsbox')!.meta.title.replace(' | Corvana', '')}`,
    );
    expect(expected.find((e) => e.path === '/')!.card.alt).toMatch(/^Corvana · Connections Reimagined: /);
    // One card per route, each its own: no two routes share a card file or an alt text.
    const host = canonicalHost(manifest);
    const cards = cardPages(manifest.routes).map((page) => socialCard({ ...page, site: manifest.site, host }));
    expect(new Set(cards.map((card) => card.file)).size).toBe(cards.length);
    expect(new Set(cards.map((card) => card.alt)).size).toBe(cards.length);
  });

  it('keeps the structured data on the real images: the logo, never a card', () => {
    requireDist();
    for (const path of ['/', '/newsbox', '/post/corvana-blog-welcome']) {
      const page = { path, html: readPage(path) };
      expect(JSON.stringify(jsonLdNodes(page)), path).not.toContain('social-cards');
    }
  });
});

describe('the social cards of the probe build', () => {
  const probe = probeBuild();
  const manifest = readManifest(probe.contentDir);
  const cardOf = (path: string) => expectedCards(manifest, probe.contentDir).find((e) => e.path === path)!.card;
  const built = (path: string) => readFileSync(join(probe.out, cardOf(path).file));

  it('builds', () => {
    expect(probe.status, probe.output).toBe(0);
  });

  it('draws Greek, Cyrillic, Chinese, Japanese and Korean with the fallback fonts, none as empty boxes, and drops the emoji', async () => {
    const card = cardOf(CARD_PROBES.intl.path);
    const spec = card.spec as DrawnSpec;
    expect(spec.title).toBe('Ελληνικά, кириллица, 中文, 日本語, 한국어');
    expect(card.alt).toBe('Corvana · Company: Ελληνικά, кириллица, 中文, 日本語, 한국어');
    // Drawn again the same way, the card asks for a font for each run of text Inter lacks, and gets one each time.
    const asked: { segment: string; files: string[] }[] = [];
    const again = await renderCard(spec, cardAssets(), card.version, {
      onFallback: (segment, fonts) => asked.push({ segment, files: fonts.map((f) => f.file) }),
    });
    expect(asked.filter((a) => a.files.length === 0)).toEqual([]);
    const loaded = new Set(asked.flatMap((a) => a.files));
    for (const script of ['greek', 'cyrillic', 'han-kana', 'hangul'] as const)
      for (const font of FALLBACK_FONTS[script]) expect(loaded, font.file).toContain(font.file);
    expect(again.equals(built(CARD_PROBES.intl.path)), 'the built card is the one drawn here').toBe(true);
    expect(imageInfo(again)).toMatchObject({ format: 'png', width: 1200, height: 630, version: card.version });
  });

  it('loads no fallback font for a Latin title', async () => {
    const card = cardOf('/newsbox');
    const asked: string[] = [];
    await renderCard(card.spec as DrawnSpec, cardAssets(), card.version, { onFallback: (segment) => asked.push(segment) });
    expect(asked).toEqual([]);
  });

  it('shrinks and wraps the longest title into the box, breaking the word wider than a line', () => {
    const spec = cardOf(CARD_PROBES.long.path).spec as DrawnSpec;
    const fitted = fitTitle(spec.title!, TITLE_BOX);
    expect(fitted.fontSize).toBeLessThan(TITLE_BOX.sizes[0]);
    expect(fitted.lines.length).toBeLessThanOrEqual(fitted.maxLines);
    expect(fitted.lines.join('').replace(/\s/g, '')).toBe(spec.title!.replace(/\s/g, ''));
    expect(imageInfo(built(CARD_PROBES.long.path))).toMatchObject({ width: 1200, height: 630 });
  });

  it('leaves a right-to-left title off its card (satori would draw it reversed), and says so in no alt text', () => {
    const card = cardOf(CARD_PROBES.rtl.path);
    expect((card.spec as DrawnSpec).title).toBeUndefined();
    expect(card.alt).toBe('Corvana · Company');
    expect(imageInfo(built(CARD_PROBES.rtl.path))).toMatchObject({ width: 1200, height: 630, version: card.version });
  });

  it('gives every card a new version when the code that draws cards changes (no number to bump), the same one when nothing did', () => {
    const host = canonicalHost(manifest);
    const builtVersion = (path: string) =>
      headMetas(readFileSync(join(probe.out, pageFile(path)), 'utf8'))
        .get('og:image')!
        .split('?v=')[1];
    /** A repository with the drawing code, its fonts, colours and mark, and `change` made to the code. */
    const repository = (name: string, change?: (dir: string) => void) => {
      const root = join(probe.root, name);
      cpSync(CARDS_SOURCE_DIR, join(root, CARDS_SOURCE_DIR), { recursive: true, filter: (src) => !src.includes('/fonts') });
      symlinkSync(resolve(FONT_DIR), join(root, FONT_DIR));
      for (const file of ['src/styles/global.css', 'public/favicon.svg', 'package.json']) {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        cpSync(file, join(root, file));
      }
      change?.(join(root, CARDS_SOURCE_DIR));
      return root;
    };
    const same = repository('renderer-same');
    const changed = repository('renderer-changed', (dir) => appendFileSync(join(dir, 'render.ts'), '\n// one more line\n'));
    for (const path of ['/newsbox', PICTURE_PROBES.cover.path]) {
      const route = manifest.routes.find((r) => r.path === path)!;
      const input = {
        meta: route.meta,
        kind: route.kind,
        cover: route.source.cover,
        site: manifest.site,
        host,
        contentDir: probe.contentDir,
      };
      expect(socialCard(input).version, path).toBe(builtVersion(path));
      expect(socialCard({ ...input, root: same }).version, path).toBe(builtVersion(path));
      expect(socialCard({ ...input, root: changed }).version, path).not.toBe(builtVersion(path));
    }
  });

  it('keeps each card in the build cache under its version, for the next build', () => {
    for (const { card } of expectedCards(manifest, probe.contentDir)) {
      const cached = join(probe.root, 'cache', 'social-cards', `${card.version}${extname(card.file)}`);
      expect(existsSync(cached), card.file).toBe(true);
      expect(readFileSync(cached).equals(readFileSync(join(probe.out, card.file))), card.file).toBe(true);
    }
  });
});
