/**
 * The picture that leads a post (its largest paint), as its page shows it: its cover, else the first picture
 * of its text after little text (src/lib/images/html.ts decides, as the post's body does). The blog's link to
 * the post names it, so a visitor's intent on the link fetches it with the page
 * (src/lib/routes/prefetch-on-intent.ts). The post's head does not preload it: in Lighthouse over HTTP/2 the
 * preload, ahead of the stylesheet, moved the first paint 0.08 s later, and without it the post's LCP was
 * within 0.01 s of the same post without the picture. Build-time only (the image pipeline).
 */
import type { PictureMarkup } from '../images/html';
import { leadOf } from '../images/html';
import { hasPicture, pictureMarkup } from '../images/pipeline';
import { getSite } from './collections';
import { fillHtml } from './markdown';
import { placeholderValues } from './placeholders';
import type { Picture } from './schemas';

export async function leadPicture(post: { data: { cover?: Picture }; rendered?: { html: string } }): Promise<PictureMarkup | undefined> {
  const body = post.data.cover ? '' : fillHtml(post.rendered?.html ?? '', placeholderValues(await getSite()));
  const lead = leadOf(post.data.cover, body, hasPicture);
  return lead && pictureMarkup(lead.src, lead.place, { alt: '', leads: true });
}
