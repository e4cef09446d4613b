/**
 * The markup of an editor's picture, and the pictures of a rendered markdown
 * body swapped for it. A body is rendered by the content layer with the
 * pictures as the editor wrote them (`<img src="/images/team.jpg" alt="…">`);
 * each becomes a <picture> whose sources the image pipeline wrote
 * (./pipeline.ts), in order, with what decides how it loads: is it the first
 * picture, and how much text comes before it.
 */
import { FIRST_SCREEN_TEXT } from './layout';
import { DECORATIVE } from './markdown';

export interface PictureSource {
  type: string;
  srcset: string;
}

export interface PictureMarkup {
  /** The <source> elements, best format first. */
  sources: PictureSource[];
  /** The <img>'s attributes (src, srcset, sizes, width, height, alt, loading …); undefined ones are left out. */
  img: Record<string, string | number | undefined>;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const attributes = (values: Record<string, string | number | undefined>) =>
  Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${name}="${escapeAttribute(String(value))}"`)
    .join(' ');

/** What a preload of a picture names: its best format's versions with the same `sizes`, so the browser picks the version the <picture> shows. */
export interface PicturePreload {
  type?: string;
  imagesrcset: string;
  imagesizes: string;
}

export function preloadOf({ sources, img }: PictureMarkup): PicturePreload {
  const best = sources[0] ?? { type: undefined, srcset: String(img.srcset) };
  return { type: best.type, imagesrcset: best.srcset, imagesizes: String(img.sizes) };
}

/** Where the picture that leads a post comes from: its cover, else its body's leading picture; none when it leads with text. */
export function leadOf(
  cover: { src: string } | undefined,
  body: string,
  hasPicture: (src: string) => boolean,
): { src: string; place: 'cover' | 'body' } | undefined {
  if (cover) return { src: cover.src, place: 'cover' };
  const first = writtenPictures(body)[0];
  return first && leadsBody(first) && hasPicture(first.src) ? { src: first.src, place: 'body' } : undefined;
}

/** A <picture>: its sources, then the <img> every browser falls back to. */
export function pictureHtml({ sources, img }: PictureMarkup): string {
  const sourceTags = sources.map((s) => `<source ${attributes({ type: s.type, srcset: s.srcset, sizes: img.sizes })}>`);
  return `<picture>${sourceTags.join('')}<img ${attributes(img)}></picture>`;
}

/** A picture of a rendered body, as the editor wrote it. */
export interface WrittenPicture {
  src: string;
  alt: string;
  decorative: boolean;
  /** 0 for the body's first picture. */
  index: number;
  /** Characters of text before it in the body. */
  textBefore: number;
}

const IMG = /<img\b([^>]*?)\/?>/gi;
const attribute = (attrs: string, name: string) => {
  const value = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(attrs)?.[1];
  return value
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
};
const textLength = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&[#\w]+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim().length;

/** The pictures of a rendered body, in order, as the editor wrote them. */
export function writtenPictures(html: string): WrittenPicture[] {
  return [...html.matchAll(IMG)].map((match, index) => ({
    src: attribute(match[1], 'src') ?? '',
    alt: (attribute(match[1], 'alt') ?? '').trim(),
    decorative: attribute(match[1], 'title')?.trim().toLowerCase() === DECORATIVE,
    index,
    textBefore: textLength(html.slice(0, match.index)),
  }));
}

/** Whether a picture of a body that tops its page leads it (its largest paint): the first, after little text. */
export const leadsBody = (picture: Pick<WrittenPicture, 'index' | 'textBefore'>): boolean =>
  picture.index === 0 && picture.textBefore <= FIRST_SCREEN_TEXT;

/**
 * The body's HTML with each picture `render` returns markup for replaced by that markup (the others left
 * as they are: `render` returns undefined for what is not an editor's picture).
 */
export async function replaceBodyPictures(html: string, render: (picture: WrittenPicture) => Promise<string | undefined>): Promise<string> {
  const found = [...html.matchAll(IMG)];
  const rendered = await Promise.all(writtenPictures(html).map(render));
  let out = '';
  let last = 0;
  found.forEach((match, i) => {
    out += html.slice(last, match.index) + (rendered[i] ?? match[0]);
    last = match.index + match[0].length;
  });
  return out + html.slice(last);
}
