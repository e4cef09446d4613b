/**
 * The pictures of a markdown body (products, services, posts), as an editor
 * writes them, for the content check: `![what it shows](/images/team.jpg)`,
 * `![](/images/rule.png "decorative")` for a picture that is only
 * decoration, or an HTML `<img>`. Code (fenced blocks, inline code) shows
 * markdown as text and holds no picture. (Indented code is not told apart: four
 * spaces also continue a list item's paragraph.)
 */

export interface BodyPicture {
  src: string;
  /** The alt text as written, trimmed ('' when there is none). */
  alt: string;
  /** The picture is marked as decoration (title "decorative"): it needs no alt text. */
  decorative: boolean;
  /** 1-based line in the body. */
  line: number;
}

/** The title that marks a picture as decoration, in markdown (`![](/images/x.png "decorative")`) and HTML. */
export const DECORATIVE = 'decorative';

const INLINE = /!\[((?:[^[\]\\]|\\.)*)\]\(\s*(<[^>\n]*>|[^\s)]+)(?:\s+(?:"([^"]*)"|'([^']*)'|\(([^)]*)\)))?\s*\)/g;
const HTML_IMG = /<img\b([^>]*)>/gi;
const attribute = (attrs: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i')
    .exec(attrs)
    ?.slice(1)
    .find((v) => v !== undefined);

/** The body with its code blanked out (same length and lines), so nothing in code counts as a picture. */
export function withoutCode(markdown: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  let fence: string | undefined;
  const lines = markdown.split('\n').map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined) {
      if (!marker) return line;
      fence = marker;
      return blank(line);
    }
    // A fence closes with at least as many of the same characters.
    if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
    return blank(line);
  });
  return lines.join('\n').replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, blank);
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Every picture of a markdown body, in order. */
export function bodyPictures(markdown: string): BodyPicture[] {
  const text = withoutCode(markdown);
  const found: (BodyPicture & { index: number })[] = [];
  for (const match of text.matchAll(INLINE)) {
    const title = match[3] ?? match[4] ?? match[5];
    found.push({
      src: match[2].replace(/^<|>$/g, '').trim(),
      alt: match[1].replace(/\\(.)/g, '$1').trim(),
      decorative: title?.trim().toLowerCase() === DECORATIVE,
      line: lineAt(text, match.index),
      index: match.index,
    });
  }
  for (const match of text.matchAll(HTML_IMG)) {
    found.push({
      src: (attribute(match[1], 'src') ?? '').trim(),
      alt: (attribute(match[1], 'alt') ?? '').trim(),
      decorative: attribute(match[1], 'title')?.trim().toLowerCase() === DECORATIVE,
      line: lineAt(text, match.index),
      index: match.index,
    });
  }
  return found.sort((a, b) => a.index - b.index).map(({ index: _index, ...picture }) => picture);
}
