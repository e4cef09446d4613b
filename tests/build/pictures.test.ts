/**
 * Editors' pictures through the image pipeline (src/lib/images/), on the probe
 * build (./probe-build.ts, PICTURE_PROBES): a 4000×3000 photo in a post's text
 * and as another post's cover comes out as AVIF and WebP at the widths of its
 * place, with its width and height, the picture that leads the page loaded at
 * once and first (eager, fetchpriority high) and the others when scrolled to, the upload itself never
 * published; the cover shows on the blog and is the post's social card; a
 * square logo as a page's social image is placed on its card, not refused.
 * What the pre-publish check counts of pictures is tests/build/gate.test.ts's.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { builtPages, distFiles, pageFile } from '../../src/lib/deploy/dist-folder';
import { headMetas } from '../../src/lib/deploy/gate/cards';
import { pagePictures, PHONE } from '../../src/lib/deploy/gate/pictures';
import { BUDGETS } from '../../src/lib/deploy/gate/budgets';
import { PLACES } from '../../src/lib/images/layout';
import { imageInfo } from '../../src/lib/social-cards/image-file';
import { PICTURE_PROBES, probeBuild } from './probe-build';

interface BuiltPicture {
  sources: Record<string, string>[];
  img: Record<string, string>;
}

const attributes = (tag: string) =>
  Object.fromEntries([...tag.matchAll(/\s([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&quot;/g, '"').replace(/&amp;/g, '&')]));

/** The <picture>s of a page's <main>, in order. */
function picturesOf(html: string): BuiltPicture[] {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return [...main.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((m) => ({
    sources: [...m[1].matchAll(/<source\b[^>]*>/g)].map((s) => attributes(s[0])),
    img: attributes(/<img\b[^>]*>/.exec(m[1])![0]),
  }));
}
/** The head's preloads of pictures. */
const preloadsOf = (html: string) =>
  [...html.slice(0, html.indexOf('</head>')).matchAll(/<link\b[^>]*\brel="preload"[^>]*>/g)]
    .map((m) => attributes(m[0]))
    .filter((l) => l.as === 'image');
const descriptors = (srcset: string) => srcset.split(', ').map((c) => c.split(' ')[1]);
const urls = (srcset: string) => srcset.split(', ').map((c) => c.split(' ')[0]);

describe('editors’ pictures in the probe build', () => {
  const probe = probeBuild();
  const html = (path: string) => readFileSync(join(probe.out, pageFile(path)), 'utf8');
  const file = (url: string) => join(probe.out, url.replace(/^\//, ''));
  const { body, later, cover, square } = PICTURE_PROBES;

  it('builds', () => {
    expect(probe.status, probe.output).toBe(0);
  });

  it('makes a 4000×3000 photo in a post’s text AVIF and WebP at the column’s widths, sized from the file, the first at once and first', async () => {
    const [first, rule, again] = picturesOf(html(body.path));
    expect(first.sources).toEqual([{ type: 'image/avif', srcset: expect.any(String), sizes: PLACES.body.sizes }]);
    expect(descriptors(first.sources[0].srcset)).toEqual(['360w', '720w', '1080w', '1440w']);
    expect(first.img).toMatchObject({
      sizes: PLACES.body.sizes,
      width: '720',
      height: '540',
      alt: body.alt,
      loading: 'eager',
      fetchpriority: 'high',
    });
    expect(descriptors(first.img.srcset)).toEqual(['360w', '720w', '1080w', '1440w']);
    expect(first.img.src).toMatch(/^\/_astro\/.+\.webp$/);
    for (const url of [...urls(first.sources[0].srcset), ...urls(first.img.srcset), first.img.src])
      expect(statSync(file(url)).size, url).toBeGreaterThan(0);
    // Each version is what its descriptor says, in its format, in the photo's shape.
    const avif720 = urls(first.sources[0].srcset)[1];
    expect(await sharp(file(avif720)).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 720, height: 540 });
    expect(await sharp(file(urls(first.img.srcset)[3])).metadata()).toMatchObject({ format: 'webp', width: 1440, height: 1080 });
    // The rule is decoration: no alt text; it and the photo further down load when scrolled to.
    expect(rule.img).toMatchObject({ alt: '', width: '720', height: '12', loading: 'lazy' });
    expect(again.img).toMatchObject({ alt: later.alt, loading: 'lazy' });
    for (const picture of [rule, again]) expect(picture.img).not.toHaveProperty('fetchpriority');
    // The lead is encoded lighter (it is the page's largest paint on a slow link); the same photo further down at full quality.
    expect(descriptors(again.img.srcset)).toEqual(descriptors(first.img.srcset));
    const [lead720, later720] = [first, again].map((p) => statSync(file(urls(p.sources[0].srcset)[1])).size);
    expect(lead720).toBeLessThan(later720 * 0.8);
  });

  it('preloads no picture from a post’s head: the leading picture is found by the parser, not ahead of the stylesheet', () => {
    for (const page of builtPages(probe.out).filter((p) => p.path.startsWith('/post/')))
      expect(preloadsOf(page.html), page.path).toEqual([]);
  });

  it('names on the blog’s link to each post the picture it leads with, the versions the post shows; nothing on the others', () => {
    const blog = builtPages(probe.out).filter((p) => p.path.startsWith('/blog'));
    const links = new Map(
      blog.flatMap((p) => [...p.html.matchAll(/<a\b[^>]*\bhref="(\/post\/[^"]+)"[^>]*>/g)].map((m) => [m[1], attributes(m[0])] as const)),
    );
    for (const path of [body.path, cover.path]) {
      // The versions the post's leading <picture> shows: its best format's, with its sizes.
      const [lead] = picturesOf(html(path));
      expect(links.get(path), path).toMatchObject({
        'data-lead-srcset': lead.sources[0].srcset,
        'data-lead-sizes': lead.img.sizes,
        'data-lead-type': lead.sources[0].type,
      });
    }
    const others = [...links].filter(([path]) => path !== body.path && path !== cover.path);
    expect(others.length).toBeGreaterThan(10);
    for (const [path, link] of others)
      expect(
        Object.keys(link).filter((name) => name.startsWith('data-lead')),
        path,
      ).toEqual([]);
  });

  it('never publishes the upload: no file of the build is the photo, no page names /images/', () => {
    const photo = statSync(join(probe.contentDir, 'images', 'probe', 'photo.jpg')).size;
    expect(photo).toBeGreaterThan(3_000_000);
    const pictures = distFiles(probe.out).filter((f) => /\.(jpe?g|png|webp|avif)$/i.test(f));
    // Only the pipeline's versions: AVIF and WebP, never the uploaded JPEG or PNG.
    expect(pictures.filter((f) => f.startsWith('_astro/') && !/\.(avif|webp)$/.test(f))).toEqual([]);
    expect(pictures.filter((f) => !f.startsWith('social-cards/') && statSync(join(probe.out, f)).size > 400_000)).toEqual([]);
    for (const page of builtPages(probe.out)) expect(page.html, page.path).not.toMatch(/["' ]\/images\//);
  });

  it('shows a cover above the post’s text at 16:9, at once and first; the picture in the text then waits; the post shares the cover', async () => {
    const page = html(cover.path);
    const [top, inText] = picturesOf(page);
    expect(top.img).toMatchObject({ width: '720', height: '405', alt: cover.alt, loading: 'eager', fetchpriority: 'high' });
    expect(descriptors(top.img.srcset)).toEqual(['360w', '720w', '1080w', '1440w']);
    expect(await sharp(file(top.img.src)).metadata()).toMatchObject({ width: 720, height: 405 });
    expect(page.indexOf('<picture>')).toBeLessThan(page.indexOf('The cover leads this post'));
    expect(inText.img).toMatchObject({ alt: body.alt, loading: 'lazy' });
    expect(inText.img).not.toHaveProperty('fetchpriority');
    const metas = headMetas(page);
    expect(metas.get('og:image')).toMatch(/\/social-cards\/post\/probe-photo-cover\.jpg\?v=[0-9a-f]{12}$/);
    expect(metas.get('og:image:alt')).toBe(cover.alt);
    const card = readFileSync(join(probe.out, 'social-cards', 'post', 'probe-photo-cover.jpg'));
    expect(imageInfo(card)).toEqual({ format: 'jpeg', width: 1200, height: 630, version: metas.get('og:image')!.split('?v=')[1] });
  });

  it('shows the cover beside its title on the blog at 4:3, without alt text (the title beside it names the post)', () => {
    const listing = builtPages(probe.out).find((p) => p.path.startsWith('/blog') && p.html.includes(`href="${cover.path}"`))!;
    expect(listing, 'the blog page that lists the cover post').toBeDefined();
    const article = /<article\b[^>]*>((?:(?!<\/article>)[\s\S])*?)<\/article>/g;
    const entry = [...listing.html.matchAll(article)].map((m) => m[1]).find((a) => a.includes(`href="${cover.path}"`))!;
    const [thumbnail] = picturesOf(`<main>${entry}</main>`);
    expect(thumbnail.img).toMatchObject({ width: '160', height: '120', alt: '', loading: 'lazy', sizes: PLACES.thumbnail.sizes });
    expect(descriptors(thumbnail.img.srcset)).toEqual(['160w', '240w', '320w', '480w']);
    // Posts without a cover have none.
    const others = [...listing.html.matchAll(article)].map((m) => m[1]).filter((a) => !a.includes(`href="${cover.path}"`));
    expect(others.filter((a) => a.includes('<picture>'))).toEqual([]);
  });

  it('places a square logo, as a page’s social image, whole on a white card: the build is not stopped', async () => {
    const metas = headMetas(html(square.path));
    expect(metas.get('og:image:alt')).toBe(square.alt);
    const card = join(probe.out, 'social-cards', 'testprobe-square-share.jpg');
    expect(imageInfo(readFileSync(card))).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const { data, info } = await sharp(card).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(
      at(20, 20).every((c) => c > 245),
      'white around it',
    ).toBe(true);
    expect(
      at(600 - 290, 315).every((c) => c > 245),
      'left of the 534 px logo',
    ).toBe(true);
    const [r, g, b] = at(600 - 250, 315);
    expect(b > 150 && r < 80 && g < 120, `the logo's blue at its left edge, not ${[r, g, b]}`).toBe(true);
  });

  it('sends a 390 px phone the 720 px AVIF versions, the post within its picture budget', () => {
    const fetched = pagePictures(probe.out, html(body.path), PHONE);
    const [first, , again] = picturesOf(html(body.path));
    expect(fetched.map((p) => p.url)).toEqual([
      urls(first.sources[0].srcset)[1],
      expect.stringMatching(/\.avif$/),
      urls(again.sources[0].srcset)[1],
    ]);
    const bytes = fetched.reduce((sum, p) => sum + p.bytes, 0);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(BUDGETS.pictures);
    // Two photos and a rule come to less than a twentieth of the one upload.
    expect(bytes * 20).toBeLessThan(statSync(join(probe.contentDir, 'images', 'probe', 'photo.jpg')).size);
  });
});
