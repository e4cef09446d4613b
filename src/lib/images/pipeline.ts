/**
 * An editor's picture through Astro's image pipeline (astro:assets, sharp):
 * AVIF and WebP at the widths of its place (./layout.ts), cropped to the
 * place's shape, with the <img>'s width and height from the file, and loading
 * as the place and the page decide. Astro writes each version once and keeps
 * it in its cache (node_modules/.astro/assets), so a later build copies it.
 * Build-time only: it needs Astro's runtime (the layouts and EntryBody call it).
 */
import { getImage } from 'astro:assets';
import pictures from 'virtual:editor-pictures';
import { baseWidth, cropOf, loadingOf, MIME, PICTURE_FORMATS, PLACES, widthsFor, type PlaceName } from './layout';
import type { PictureMarkup } from './html';

/** Quality per format (sharp's scale): about what a photo needs to look as the upload on a screen. */
export const QUALITY = { avif: 50, webp: 75 } as const;
/**
 * The picture that leads a page is its largest paint, and on a slow phone link every round trip of it delays
 * the page: lighter, it arrives one round trip sooner (the bench's post: 39 KB at quality 50, two round trips
 * after the text; 21 KB at 35, one; ~13 KB, the text's own, only at about 27, where faces and texture smear).
 */
export const LEAD_QUALITY = { avif: 35, webp: 65 } as const;

export interface PictureOptions {
  /** Read out for the picture; '' for one that is only decoration. */
  alt: string;
  /** The picture leads the page (its largest paint): loaded at once, first. */
  leads?: boolean;
}

/** Whether `src` names an editor's picture the pipeline has. */
export const hasPicture = (src: string) => pictures.has(src);

/** The <picture> of an editor's picture in a place; throws for a name no upload has (the content check says so first). */
export async function pictureMarkup(src: string, placeName: PlaceName, { alt, leads = false }: PictureOptions): Promise<PictureMarkup> {
  const image = pictures.get(src);
  if (!image) throw new Error(`no picture ${src} in the media folder (content/images) or public/images`);
  // Read the size from Astro's copy of the metadata: reading the image module itself marks the upload as used on a
  // page, and the build would then publish the original (4 MB) beside its versions.
  const size = (image as typeof image & { clone?: typeof image }).clone ?? image;
  const place = PLACES[placeName];
  const crop = cropOf(place, size.width, size.height);
  const widths = widthsFor(place, crop.width);
  const base = baseWidth(place, crop.width);
  const height = Math.round((base * crop.height) / crop.width);
  const shape = 'aspect' in place ? { height, fit: 'cover' as const, position: 'attention' } : {};
  const versions = await Promise.all(
    PICTURE_FORMATS.map((format) =>
      getImage({
        src: image,
        width: base,
        widths,
        sizes: place.sizes,
        format,
        quality: (leads ? LEAD_QUALITY : QUALITY)[format],
        ...shape,
      }),
    ),
  );
  const fallback = versions.at(-1)!;
  return {
    sources: versions.slice(0, -1).map((version, i) => ({ type: MIME[PICTURE_FORMATS[i]], srcset: version.srcSet.attribute })),
    img: {
      src: fallback.src,
      srcset: fallback.srcSet.attribute,
      sizes: place.sizes,
      width: base,
      height,
      alt,
      ...loadingOf(leads),
      class: place.className,
    },
  };
}
