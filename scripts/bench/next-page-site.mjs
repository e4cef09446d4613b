/**
 * The site the next-page figure (./next-page.mjs) is measured on: the content
 * plus one post whose leading picture is the bench's photo (a 4000×3000 JPEG,
 * tests/support/photos.ts, put after the post's first paragraph as an editor
 * would through the CMS, as ./images.mjs does), built like the real site
 * (`astro build`, then Pagefind's index, which the search navigation needs)
 * into .tmp/bench-next/dist. The post is a copy of the newest post at its own
 * path, dated a day before it, so /blog lists it second and every other page
 * is the site's own.
 *
 * Astro's cache (the photo's versions) is kept in .tmp/bench-next/cache
 * between runs, so a later run builds in about the time of a warm build.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { PHOTO_ALT, PHOTO_NAME, afterFirstParagraph, build, copyConfig, mediaFolder, newestPost } from './images.mjs';

const ROOT = '.tmp/bench-next';
/** The photo post's path. */
export const PHOTO_POST = '/post/bench-photo';
/** Where the site is built, for a later run to reuse. */
export const NEXT_SITE = { dist: join(ROOT, 'dist'), contentDir: join(ROOT, 'content'), photoPost: PHOTO_POST };

const { module: photos } = await runnerImport('./tests/support/photos.ts');

/** The day before an ISO date (YYYY-MM-DD). */
const dayBefore = (date) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Builds the site; returns its folder, its content folder and the photo post's path. */
export async function buildNextPageSite({ content = process.env.CONTENT_DIR ?? 'content' } = {}) {
  const { contentDir, dist } = NEXT_SITE;
  rmSync(contentDir, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  cpSync(content, contentDir, { recursive: true });

  const newest = await newestPost(contentDir);
  const media = await mediaFolder(contentDir);
  mkdirSync(media.dir, { recursive: true });
  writeFileSync(join(media.dir, `${PHOTO_NAME}.jpg`), await photos.largePhoto());
  const markdown = readFileSync(newest.file, 'utf8')
    .replace(/^(\s*path:\s*).*$/m, `$1"${PHOTO_POST}"`)
    .replace(/^(\s*title:\s*)"?(.*?)"?$/m, (_m, lead, title) => `${lead}"${`In pictures: ${title}`.slice(0, 70)}"`)
    .replace(/^(\s*aliases:).*$/m, '$1 []')
    .replace(/^published:\s*(\d{4}-\d{2}-\d{2})\s*$/m, (_m, date) => `published: ${dayBefore(date)}`);
  writeFileSync(
    join(contentDir, 'posts', 'bench-photo.md'),
    afterFirstParagraph(markdown, `![${PHOTO_ALT}](${media.url}/${PHOTO_NAME}.jpg)`),
  );

  console.log(`Next page: building the site with a photo post (${PHOTO_POST}) into ${dist}…`);
  const built = build({ contentDir, out: dist, config: copyConfig(join(ROOT, 'config'), join(ROOT, 'cache')) });
  const index = spawnSync(process.execPath, ['node_modules/pagefind/lib/runner/bin.cjs', '--site', dist], { encoding: 'utf8' });
  if (index.status !== 0) {
    process.stderr.write(index.stdout + index.stderr);
    throw new Error(`pagefind --site ${dist} failed (${index.status})`);
  }
  console.log(`  ${built.pages} pages in ${built.seconds.toFixed(1)} s, with the search index.`);
  return { dist, contentDir, photoPost: PHOTO_POST };
}
