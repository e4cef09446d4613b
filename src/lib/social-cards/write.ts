/**
 * Writing every page's card into the build, as the deploy integration does
 * after the pages are built. Drawing a card costs tens of milliseconds, so
 * each card is kept between builds under its version (a digest of what it
 * shows: ./card.ts) in the build cache (Astro's cacheDir, node_modules/.astro
 * by default, which Netlify keeps between builds): a build draws only the
 * cards whose words, template, fonts or picture changed.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import type { RouteKind } from '../content/model';
import type { PageMeta, Site } from '../content/schemas';
import { cardAssets } from './assets';
import { MAX_CARD_BYTES, readEditorImage, socialCard, type SocialCard } from './card';
import { fitEditorImage } from './editor-image';
import { renderCard } from './render';

export interface CardPage {
  kind: RouteKind;
  meta: PageMeta;
}

export interface WriteCardsInput {
  dist: string;
  pages: CardPage[];
  site: Site;
  host: string;
  /** Where cards are kept between builds; none: every card is drawn. */
  cacheDir?: string;
  root?: string;
}

export interface WriteCardsResult {
  cards: SocialCard[];
  drawn: number;
  cached: number;
  milliseconds: number;
  /** CPU time of the whole process meanwhile (all threads): on a busy machine, the wall clock also counts others' turns. */
  cpuMilliseconds: number;
}

/** Cards in the making at once. */
const CONCURRENCY = 3;
/** Cards no build has used for this long leave the cache. */
const CACHE_DAYS = 30;

async function makeCard(card: SocialCard, page: CardPage, root: string): Promise<Buffer> {
  if (card.spec.type === 'image')
    return fitEditorImage(readEditorImage(root, page.meta.path, card.spec.src), {
      page: page.meta.path,
      src: card.spec.src,
      version: card.version,
    });
  const png = await renderCard(card.spec, cardAssets(root), card.version);
  if (png.length > MAX_CARD_BYTES)
    throw new Error(`The social card of ${page.meta.path} is ${Math.round(png.length / 1024)} KB, over ${MAX_CARD_BYTES / 1024} KB`);
  return png;
}

/** Writes the card of each page into `dist`, from the cache when it holds that version. */
export async function writeSocialCards({
  dist,
  pages,
  site,
  host,
  cacheDir,
  root = process.cwd(),
}: WriteCardsInput): Promise<WriteCardsResult> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  let drawn = 0;
  const cards = pages.map((page) => socialCard({ meta: page.meta, kind: page.kind, site, host, root }));
  const write = async (card: SocialCard, page: CardPage) => {
    const target = join(dist, card.file);
    mkdirSync(dirname(target), { recursive: true });
    const cached = cacheDir ? join(cacheDir, `${card.version}${extname(card.file)}`) : undefined;
    if (cached && existsSync(cached)) {
      copyFileSync(cached, target);
      const now = new Date();
      utimesSync(cached, now, now); // used: kept by the pruning below
      return;
    }
    const bytes = await makeCard(card, page, root);
    writeFileSync(target, bytes);
    if (cached) writeFileSync(cached, bytes);
    drawn++;
  };
  // A few at a time: satori lays out one card on this thread while sharp encodes others on its own threads.
  let next = 0;
  const worker = async () => {
    while (next < cards.length) {
      const index = next++;
      await write(cards[index], pages[index]);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (cacheDir) pruneCache(cacheDir, new Set(cards.map((c) => c.version)));
  const used = process.cpuUsage(cpu);
  return {
    cards,
    drawn,
    cached: cards.length - drawn,
    milliseconds: performance.now() - started,
    cpuMilliseconds: (used.user + used.system) / 1000,
  };
}

/** Removes cached cards that this build did not use and no build used for CACHE_DAYS (the cache would otherwise only grow). */
function pruneCache(cacheDir: string, used: Set<string>) {
  const before = Date.now() - CACHE_DAYS * 86_400_000;
  for (const name of readdirSync(cacheDir)) {
    const file = join(cacheDir, name);
    if (!used.has(name.replace(/\.\w+$/, '')) && statSync(file).mtimeMs < before) rmSync(file, { force: true });
  }
}
