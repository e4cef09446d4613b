/**
 * Writing every page's card into the build, as the deploy integration does
 * after the pages are built. Drawing a card costs tens of milliseconds, so
 * each card is kept between builds under its version (a digest of what it
 * shows: ./card.ts) in the build cache (Astro's cacheDir, node_modules/.astro
 * by default, which Netlify keeps between builds): a build draws only the
 * cards whose words, picture, fonts, colours or drawing code changed. A
 * cached card is written under a temporary name and renamed, so a build
 * stopped halfway never leaves a cut-off card under a version's name, and one
 * whose mark is not its version is drawn again.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, extname, join } from 'node:path';
import type { RouteKind } from '../content/model';
import type { PageMeta, Picture, Site } from '../content/schemas';
import { cardAssets } from './assets';
import { MAX_CARD_BYTES, readCardPicture, socialCard, type SocialCard } from './card';
import { fitEditorImage } from './editor-image';
import { imageInfo } from './image-file';
import { renderCard } from './render';

export interface CardPage {
  kind: RouteKind;
  meta: PageMeta;
  /** A post's cover, its card unless the page names a social image. */
  cover?: Picture;
}

export interface WriteCardsInput {
  dist: string;
  pages: CardPage[];
  site: Site;
  host: string;
  /** Where cards are kept between builds; none: every card is drawn. */
  cacheDir?: string;
  root?: string;
  /** The content folder (its images/: the editors' pictures); CONTENT_DIR or content by default. */
  contentDir?: string;
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

async function makeCard(card: SocialCard, page: CardPage, root: string, contentDir: string): Promise<Buffer> {
  if (card.spec.type === 'image')
    return fitEditorImage(readCardPicture({ root, contentDir }, page.meta.path, card.spec.src), {
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
  contentDir = process.env.CONTENT_DIR ?? 'content',
}: WriteCardsInput): Promise<WriteCardsResult> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  let drawn = 0;
  const cards = pages.map((page) => socialCard({ meta: page.meta, kind: page.kind, cover: page.cover, site, host, root, contentDir }));
  const write = async (card: SocialCard, page: CardPage) => {
    const target = join(dist, card.file);
    mkdirSync(dirname(target), { recursive: true });
    const cached = cacheDir ? join(cacheDir, `${card.version}${extname(card.file)}`) : undefined;
    if (cached && isCardOf(cached, card.version)) {
      copyFileSync(cached, target);
      const now = new Date();
      utimesSync(cached, now, now); // used: kept by the pruning below
      return;
    }
    const bytes = await makeCard(card, page, root, contentDir);
    writeFileSync(target, bytes);
    if (cached) writeAtomically(cached, bytes);
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

/** Whether a cached file is a whole card marked with `version` (an older build's cut-off or foreign file is not). */
export function isCardOf(file: string, version: string): boolean {
  if (!existsSync(file)) return false;
  const bytes = readFileSync(file);
  const info = imageInfo(bytes);
  if (info?.version !== version) return false;
  // Whole: a PNG ends with its IEND chunk, a JPEG with its end-of-image marker.
  return info.format === 'png' ? bytes.subarray(-8, -4).toString('latin1') === 'IEND' : bytes.readUInt16BE(bytes.length - 2) === 0xffd9;
}

/** Writes `bytes` under a temporary name beside `file`, then renames it: a reader sees the old file or the whole new one. */
export function writeAtomically(file: string, bytes: Buffer): void {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

/** Removes cached cards that this build did not use and no build used for CACHE_DAYS (the cache would otherwise only grow). */
function pruneCache(cacheDir: string, used: Set<string>) {
  for (const name of readdirSync(cacheDir)) {
    const file = join(cacheDir, name);
    const age = Date.now() - statSync(file).mtimeMs;
    // A temporary file an hour old is a build's that stopped before renaming it.
    const stale = name.endsWith('.tmp') ? age > 3_600_000 : !used.has(name.replace(/\.\w+$/, '')) && age > CACHE_DAYS * 86_400_000;
    if (stale) rmSync(file, { force: true });
  }
}
