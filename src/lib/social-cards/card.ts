/**
 * A page's social card as data: what it shows, where it is served and its
 * version. The head (src/lib/seo/head.ts) names it, the build
 * (./write.ts) draws it, the pre-publish check compares the two; all three
 * call `socialCard`, so they cannot disagree.
 *
 * - The path is stable per page (/social-cards/<page path>.png, the home page
 *   index.png): old links keep working. The URL carries `?v=<version>`, a
 *   digest of everything that draws the card: what it shows (its words; an
 *   editor's picture: its bytes), the fonts, mark and colours, and the code
 *   and renderer releases that draw it (./assets.ts), because platforms cache
 *   a card by URL for days.
 * - An editor's picture replaces the drawn card: the page's social image
 *   (`meta.image`), or else a post's cover, fitted to 1200×630 as a JPEG
 *   (./editor-image.ts), with the editor's alt text.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PageMeta, Picture, Site } from '../content/schemas';
import type { RouteKind } from '../content/model';
import { pictureFile, type PictureFolders } from '../images/files';
import { cardAssets, rendererDigest } from './assets';
import { cardTitle } from './text';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Each card at most this many bytes (platforms fetch it on every share; X and Mastodon have their own limits above it). */
export const MAX_CARD_BYTES = 150 * 1024;
/** The folder of the cards in the build, served with a long cache (netlify.toml). */
export const CARDS_DIR = 'social-cards';

/** What a drawn card shows. */
export interface DrawnSpec {
  type: 'drawn';
  brand: string;
  /** What the page is (Product, Service …; the tagline on the home page). */
  label: string;
  /** Absent when the title cannot be drawn (right to left, or a script no card font has). */
  title?: string;
  /** The site's host name, as `host` in content/site.yaml. */
  host: string;
}

/** An editor's picture instead of the drawn card. */
export interface ImageSpec {
  type: 'image';
  /** The picture's name, e.g. /images/launch.jpg (src/lib/images/files.ts finds its file). */
  src: string;
  alt: string;
}

export interface SocialCard {
  spec: DrawnSpec | ImageSpec;
  /** The card file in the build folder, e.g. social-cards/services/telecommunications.png. */
  file: string;
  /** Absolute URL on the canonical origin with the version query: og:image. */
  url: string;
  version: string;
  mimeType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  /** og:image:alt: the card's own words, or the editor's alt text. */
  alt: string;
}

export interface CardInput {
  meta: Pick<PageMeta, 'path' | 'title' | 'image'>;
  kind: RouteKind;
  /** A post's cover: its card when the page names no social image. */
  cover?: Picture;
  site: Pick<Site, 'brand' | 'tagline' | 'socialCards'>;
  /** The canonical origin, from `host` in content/site.yaml. */
  host: string;
  /** The repository root (public/, the fonts, the drawing code); the working directory by default. */
  root?: string;
  /** The content folder, whose images/ holds the editors' pictures; CONTENT_DIR or content by default. */
  contentDir?: string;
}

/** The card's file, without extension, for a page path: / → social-cards/index, /services/x → social-cards/services/x. */
export function cardBase(path: string): string {
  return `${CARDS_DIR}/${path === '/' ? 'index' : path.replace(/^\/+/, '')}`;
}

const digest = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 12);
};

/** The drawn card's words (pure: no file read). */
export function drawnSpec({ meta, kind, site, host }: Omit<CardInput, 'root'>): DrawnSpec {
  const title = cardTitle(meta.title, site.brand);
  const label = meta.path === '/' ? site.tagline : site.socialCards.kinds[kind];
  return { type: 'drawn', brand: site.brand, label, ...(title ? { title } : {}), host: new URL(host).host };
}

/** The alt text of a drawn card: its words in reading order. */
export function drawnAlt(spec: DrawnSpec): string {
  return spec.title ? `${spec.brand} · ${spec.label}: ${spec.title}` : `${spec.brand} · ${spec.label}`;
}

/** The editor's picture a page's card shows, if any: its social image, or else a post's cover (its alt text, or the card's words for one that is decoration). */
export function cardPicture({ meta, cover, ...input }: Omit<CardInput, 'root' | 'contentDir'>): ImageSpec | undefined {
  if (meta.image) return { type: 'image', src: meta.image.src, alt: meta.image.alt };
  if (cover) return { type: 'image', src: cover.src, alt: cover.alt || drawnAlt(drawnSpec({ meta, ...input })) };
  return undefined;
}

const foldersOf = ({
  root = process.cwd(),
  contentDir = process.env.CONTENT_DIR ?? 'content',
}: Pick<CardInput, 'root' | 'contentDir'>) => ({
  root,
  contentDir,
});

/** A page's card. Reads the card assets, the drawing code's digest (and an editor's picture) from the repository to version it. */
export function socialCard(input: CardInput): SocialCard {
  const { meta, host } = input;
  const folders = foldersOf(input);
  const origin = host.replace(/\/+$/, '');
  const base = cardBase(meta.path);
  const picture = cardPicture(input);
  if (picture) {
    const version = digest(JSON.stringify(picture), rendererDigest(folders.root), readCardPicture(folders, meta.path, picture.src));
    return card(picture, `${base}.jpg`, origin, version, 'image/jpeg', picture.alt);
  }
  const spec = drawnSpec(input);
  const version = digest(JSON.stringify(spec), rendererDigest(folders.root), cardAssets(folders.root).digest);
  return card(spec, `${base}.png`, origin, version, 'image/png', drawnAlt(spec));
}

/** The bytes of the picture a card shows, or an error that says which page names which missing picture (the content check says so first). */
export function readCardPicture(folders: PictureFolders, page: string, src: string): Buffer {
  const file = pictureFile(src, folders);
  if (!file)
    throw new Error(
      `The page ${page} names the picture ${src} for its social card, which is not in the media folder: upload it or remove it.`,
    );
  return readFileSync(file);
}

function card(spec: SocialCard['spec'], file: string, origin: string, version: string, mimeType: SocialCard['mimeType'], alt: string) {
  return { spec, file, url: `${origin}/${file}?v=${version}`, version, mimeType, width: CARD_WIDTH, height: CARD_HEIGHT, alt };
}
