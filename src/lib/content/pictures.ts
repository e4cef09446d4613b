/**
 * The content check of the pictures a content file names, before the build:
 * every picture field (a schema field marked as an image: a post's cover, a
 * page's social image) and every picture of a markdown body must name an
 * uploaded file that is there and can be read as a JPEG, PNG or WebP, and a
 * picture in a body must say what it shows (or be marked as decoration).
 * Each problem is one line naming the file, the field and what to do:
 *
 *   content/posts/welcome.md › cover.src: no picture /images/team.jpg in content/images: upload it in the CMS, or correct the name
 *   content/posts/welcome.md › body, line 14: the picture /images/team.jpg has no alt text: …
 */
import { z } from 'astro/zod';
import { isPictureName, mediaFolderName, pictureFile, type PictureFolders } from '../images/files';
import { readPictureInfo } from '../images/info';
import { bodyPictures, DECORATIVE } from '../images/markdown';
import { descriptionAt, fieldAt, type Path } from './schema-walk';
import { line } from './wording';

/** The help after a body picture's problem: how to write one. */
export const BODY_PICTURE_HELP =
  'A picture in the text: upload it in the CMS, then write ![what it shows](/images/name.jpg); one that is only decoration: ![](/images/name.jpg "decorative"). content/README.md, "Pictures", says more.';

/** Why the file a picture name stands for cannot be used, or undefined when it can. */
export function pictureFileProblem(src: string, folders: PictureFolders): string | undefined {
  const file = pictureFile(src, folders);
  if (!file) return `no picture ${src} in ${mediaFolderName(folders.contentDir)}: upload it in the CMS, or correct the name`;
  if (!readPictureInfo(file))
    return `${src} cannot be read as a JPEG, PNG or WebP picture (a HEIC or SVG file with another name, or an upload cut short?): save it as JPEG, PNG or WebP and upload it again`;
  return undefined;
}

/** Why a picture written in a markdown body cannot be shown, or undefined when it can. */
export function bodyPictureProblem(picture: { src: string; alt: string; decorative: boolean }, folders: PictureFolders): string | undefined {
  const { src } = picture;
  if (/^[a-z][a-z\d+.-]*:/i.test(src) || src.startsWith('//'))
    return `the picture ${src} is on another site, which the site's pages may not load (their security policy allows their own pictures only): upload it in the CMS instead`;
  if (!isPictureName(src))
    return `${src || 'the picture'} is not an uploaded picture: upload it in the CMS, which names it /images/<name> (a .jpg, .jpeg, .png or .webp file)`;
  const fileProblem = pictureFileProblem(src, folders);
  if (fileProblem) return fileProblem;
  if (!picture.decorative && picture.alt === '')
    return `the picture ${src} has no alt text: say what it shows, ![The team at the offsite](${src}), or mark it as decoration, ![](${src} "${DECORATIVE}")`;
  return undefined;
}

/** What the schema marks a picture field with (src/lib/content/schemas/common.ts). */
interface PictureMeta {
  cmsWidget?: string;
  /** Shown on the page, not only shared as its card. */
  onPage?: boolean;
}
const metaOf = (schema: z.ZodType | undefined) => (schema ? (z.globalRegistry.get(schema) as PictureMeta | undefined) : undefined);

export interface PictureField {
  path: Path;
  src: string;
  /** The page shows it (a cover), rather than only sharing it (a social image). */
  onPage: boolean;
}

/** Every string of `data` at a field its schema marks as an image, with its path. */
export function pictureFields(schema: z.ZodType, data: unknown): PictureField[] {
  const found: PictureField[] = [];
  const walk = (value: unknown, path: PropertyKey[]) => {
    if (typeof value === 'string') {
      const meta = metaOf(fieldAt(schema, path, data).schema);
      if (meta?.cmsWidget === 'image') found.push({ path, src: value, onPage: meta.onPage === true });
    } else if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(data, []);
  return found;
}

export interface PictureCheckInput extends PictureFolders {
  /** The content file, as the lines name it. */
  file: string;
  schema: z.ZodType;
  /** The file's validated fields. */
  data: unknown;
  /** A markdown file's body, and the line of the file it starts on. */
  body?: { text: string; firstLine: number };
}

/** One line per unusable picture of a content file (empty when every picture can be shown). */
export function pictureProblems({ file, schema, data, body, ...folders }: PictureCheckInput): string[] {
  const lines = pictureFields(schema, data).flatMap(({ path, src }) => {
    const problem = pictureFileProblem(src, folders);
    return problem ? [line(file, path, problem, descriptionAt(schema, path, data))] : [];
  });
  for (const picture of body ? bodyPictures(body.text) : []) {
    const problem = bodyPictureProblem(picture, folders);
    if (problem) lines.push(line(file, [`body, line ${picture.line + body!.firstLine - 1}`], problem, BODY_PICTURE_HELP));
  }
  return lines;
}

/** The pictures a content file's page shows (its picture fields shown on the page, the pictures of its body): those the image pipeline is given. */
export function pagePictureNames(schema: z.ZodType, data: unknown, body?: string): string[] {
  const fields = pictureFields(schema, data)
    .filter((field) => field.onPage)
    .map((field) => field.src);
  const written = body ? bodyPictures(body).map((picture) => picture.src) : [];
  return [...fields, ...written].filter(isPictureName);
}
