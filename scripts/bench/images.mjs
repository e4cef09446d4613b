#!/usr/bin/env node
/**
 * Editors' pictures in the benchmark: what one large photo costs a post, and
 * what a hundred cost the build.
 *
 * - A 4000×3000 photo of about 3.9 MB (generated: noise at several scales, so
 *   it compresses like a photograph, not like a flat test card) is put where
 *   the CMS stores uploads (its `media_folder`) and into the newest post's body
 *   after the first paragraph, as an editor would, in a copy of content/.
 * - That post, built with and without the photo, served like Netlify
 *   (./serve.mjs): the bytes of pictures Chromium fetches at 390 px (2 and 3
 *   device pixels per px) and 1280 px (1 and 2), the whole page scrolled; its
 *   LCP and CLS in Lighthouse (default mobile settings, median of N runs, served
 *   over HTTP/2 with TLS as Netlify serves, or HTTP/1.1 with --http1); a
 *   screenshot at 390 px.
 * - Build time (`astro build`, production) of the content plus 100 generated
 *   posts with one such photo each (each its own file), cold (empty cache:
 *   content layer, optimised images, social cards) and cached (the cache of
 *   the cold build, as Netlify keeps node_modules/.astro), against the same
 *   posts without photos.
 *
 *   npm run bench:images [-- --photo-posts 100] [-- --runs 3] [-- --screenshot path.png] [-- --http1]
 *
 * --photo-posts 0 leaves out the build times (the post's figures alone).
 *
 * `npm run bench` runs it after its other steps (--no-images leaves it out).
 * Its temporary folders under .tmp/bench-images are removed at the end.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runnerImport } from 'vite';

const ROOT = '.tmp/bench-images';
/** The photo (tests/support/photos.ts): 4000×3000, about 3.9 MB. */
const { module: photos } = await runnerImport('./tests/support/photos.ts');
const { PHOTO, photoVariant } = photos;
export const PHOTO_NAME = 'bench-team-offsite';
export const PHOTO_ALT = 'The team at the offsite, gathered around a whiteboard';
/** Viewports the bytes are measured at: a phone at 390 px, a desktop at 1280 px, each at two pixel densities. */
export const VIEWPORTS = [
  { name: '390 px, 2x', width: 390, height: 844, dpr: 2, mobile: true },
  { name: '390 px, 3x', width: 390, height: 844, dpr: 3, mobile: true },
  { name: '1280 px, 1x', width: 1280, height: 800, dpr: 1, mobile: false },
  { name: '1280 px, 2x', width: 1280, height: 800, dpr: 2, mobile: false },
];

// NODE_ENV as Netlify builds: Vite's runnerImport (above) sets it to development in this process, and a build
// that inherited it bundled React's development build (client.js 401 KB instead of 213 KB) into the bench's sites.
const env = { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' };

/**
 * Where the CMS puts an upload for a copy of content/ at `contentCopy`, and the path content names it by:
 * its media folder (inside content/: the same place in the copy) and public folder.
 */
export async function mediaFolder(contentCopy) {
  const { module: cms } = await runnerImport('./src/lib/cms/config.ts');
  const config = cms.cmsConfig({
    model: [],
    contentDir: 'content',
    repo: 'x/y',
    branch: 'main',
    siteUrl: 'https://x',
    appTitle: 'x',
    logo: '/x',
  });
  const folder = config.media_folder.replace(/^\/+/, '');
  return {
    dir: folder.startsWith('content/') ? join(contentCopy, folder.slice('content/'.length)) : folder,
    url: config.public_folder.replace(/\/+$/, ''),
  };
}

/** The newest post of a content folder: its file and its canonical path. */
export async function newestPost(contentDir) {
  const { module: manifestModule } = await runnerImport('./src/lib/routes/manifest.ts');
  const { module: routes } = await runnerImport('./src/lib/routes/build.ts');
  const post = routes.newestFirst(manifestModule.readManifest(contentDir).routes)[0];
  if (!post) throw new Error(`${contentDir} has no post to put the photo in`);
  return { file: join(contentDir, 'posts', `${post.id}.md`), path: post.path };
}

/** The post's markdown with `line` after the body's first paragraph. */
export function afterFirstParagraph(markdown, line) {
  const match = /^(---\r?\n[\s\S]*?\r?\n---\r?\n+[^\n]+(?:\n[^\n]+)*\n)/.exec(markdown);
  if (!match) throw new Error('the post has no paragraph to put the photo after');
  return `${match[1]}\n${line}\n${markdown.slice(match[1].length)}`;
}

/** An Astro config for a copy of content/: the project's own, with its own cache folder. */
export function copyConfig(dir, cacheDir) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'astro.config.mjs');
  writeFileSync(
    file,
    `import base from ${JSON.stringify(resolve('astro.config.mjs'))};\nexport default { ...base, cacheDir: ${JSON.stringify(resolve(cacheDir))} };\n`,
  );
  return file;
}

/** `astro build` of a content copy into `out`, timed. */
export function build({ contentDir, out, config }) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--config', config], {
    env: { ...env, CONTENT_DIR: contentDir, OUT_DIR: out },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`astro build of ${contentDir} failed (${result.status})`);
  }
  const output = result.stdout + result.stderr;
  // Astro prints a line per picture version: made (its size before and after) or copied from its cache.
  const versions = output.split('\n').filter((l) => l.includes('▶ /_astro/'));
  return {
    seconds,
    pages: Number(/(\d+) page\(s\) built/.exec(output)?.[1] ?? NaN),
    images: versions.filter((l) => !l.includes('reused cache entry')).length,
    reused: versions.filter((l) => l.includes('reused cache entry')).length,
  };
}

/** The bytes of the pictures a page fetches in Chromium at each viewport, scrolled to its end (lazy pictures load too). */
async function pictureBytes({ origin, chromiumFlags }, path, { screenshot } = {}) {
  const { chromium } = await import('@playwright/test');
  const { module: browserFlags } = await runnerImport('./tests/support/chromium.ts');
  const browser = await chromium.launch({
    executablePath: browserFlags.CHROME_PATH,
    args: [...browserFlags.CHROMIUM_FLAGS, ...chromiumFlags],
  });
  const rows = [];
  try {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: viewport.dpr,
        isMobile: viewport.mobile,
        hasTouch: viewport.mobile,
      });
      const page = await context.newPage();
      const images = [];
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'image' || response.url().startsWith('data:')) return;
        images.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, bytes: body.length })));
      });
      await page.goto(`${origin}${path}`, { waitUntil: 'load' });
      if (screenshot && viewport.width === 390 && viewport.dpr === 2) await page.screenshot({ path: screenshot, fullPage: false });
      // To the end, a screen at a time, so each lazy picture comes into view.
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
          scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
      });
      await page.waitForLoadState('networkidle');
      const fetched = await Promise.all(images);
      const shown = await page.evaluate(() =>
        [...document.querySelectorAll('main img')].map((img) => ({
          src: new URL(img.currentSrc || img.src).pathname,
          natural: img.naturalWidth,
          shown: Math.round(img.getBoundingClientRect().width),
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
          loading: img.getAttribute('loading'),
        })),
      );
      rows.push({ viewport, bytes: fetched.reduce((sum, f) => sum + f.bytes, 0), fetched, shown });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** The post of `dist` served like Netlify, its pictures' bytes and its Lighthouse figures. */
async function measurePost(dist, path, { runs, screenshot, protocol }) {
  const { serveDist } = await import('./serve.mjs');
  const { auditRoutes } = await import('./lighthouse.mjs');
  const { module: site } = await runnerImport('./src/lib/deploy/dist-folder.ts');
  const headerRules = site.headerRules(dist, readFileSync('netlify.toml', 'utf8'));
  const served = await serveDist({ dist, headerRules, protocol });
  try {
    const bytes = await pictureBytes(served, path, { screenshot });
    const { results } = await auditRoutes([path], served, { runs, deadline: Date.now() + 20 * 60_000 });
    return { bytes, lighthouse: results[0] };
  } finally {
    await served.close();
  }
}

/** Adds `count` posts to a content copy, each a copy of `post` with its own path, its own photo when `photo` is given. */
function addPosts(contentDir, post, count, photo, media) {
  const text = readFileSync(post.file, 'utf8');
  if (photo) mkdirSync(media.dir, { recursive: true });
  for (let n = 1; n <= count; n++) {
    let markdown = text
      .replace(/^(\s*path:\s*).*$/m, `$1"/post/bench-photo-${n}"`)
      .replace(/^(\s*title:\s*)"?(.*?)"?$/m, (_m, lead, title) => `${lead}"${`${n} · ${title}`.slice(0, 70)}"`)
      .replace(/^(\s*aliases:).*$/m, '$1 []');
    if (photo) {
      const name = `${PHOTO_NAME}-${n}.jpg`;
      writeFileSync(join(media.dir, name), photoVariant(photo, n));
      markdown = afterFirstParagraph(markdown, `![${PHOTO_ALT}](${media.url}/${name})`);
    }
    writeFileSync(join(contentDir, 'posts', `bench-photo-${String(n).padStart(3, '0')}.md`), markdown);
  }
}

/** The whole measurement; returns what `printImages` prints. */
export async function benchImages({ posts = 100, runs = 3, screenshot, protocol = 'h2' } = {}) {
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  const cleanups = [];
  try {
    console.log('Pictures: generating the photo…');
    const photo = await photos.largePhoto();
    const content = (name) => {
      const dir = join(ROOT, name);
      cpSync(process.env.CONTENT_DIR ?? 'content', dir, { recursive: true });
      return dir;
    };

    // 1. One post, with and without the photo.
    const plain = content('content-plain');
    const withPhoto = content('content-photo');
    const post = await newestPost(withPhoto);
    const media = await mediaFolder(withPhoto);
    mkdirSync(media.dir, { recursive: true });
    const photoFile = join(media.dir, `${PHOTO_NAME}.jpg`);
    writeFileSync(photoFile, photo);
    if (!media.dir.startsWith(ROOT)) cleanups.push(() => rmSync(photoFile, { force: true }));
    writeFileSync(post.file, afterFirstParagraph(readFileSync(post.file, 'utf8'), `![${PHOTO_ALT}](${media.url}/${PHOTO_NAME}.jpg)`));
    const single = {};
    for (const [name, contentDir] of [
      ['without', plain],
      ['with', withPhoto],
    ]) {
      console.log(`Pictures: building the post ${name} the photo and measuring it…`);
      const out = join(ROOT, `dist-${name}`);
      build({ contentDir, out, config: copyConfig(join(ROOT, `config-${name}`), join(ROOT, `cache-${name}`)) });
      single[name] = await measurePost(out, post.path, { runs, protocol, screenshot: name === 'with' ? screenshot : undefined });
    }

    // 2. Build time: the content plus `posts` posts, with a photo each and without (none with --photo-posts 0).
    const times = {};
    for (const name of posts > 0 ? ['without', 'with'] : []) {
      const contentDir = content(`content-${name}-${posts}`);
      const postMedia = await mediaFolder(contentDir);
      addPosts(contentDir, await newestPost(contentDir), posts, name === 'with' ? photo : undefined, postMedia);
      if (name === 'with' && !postMedia.dir.startsWith(ROOT))
        cleanups.push(() => {
          for (let n = 1; n <= posts; n++) rmSync(join(postMedia.dir, `${PHOTO_NAME}-${n}.jpg`), { force: true });
        });
      const config = copyConfig(join(ROOT, `config-${name}-${posts}`), join(ROOT, `cache-${name}-${posts}`));
      const out = join(ROOT, `dist-${name}-${posts}`);
      console.log(`Pictures: building ${posts} posts ${name} photos, cold then cached…`);
      const cold = build({ contentDir, out, config });
      const cached = build({ contentDir, out, config });
      times[name] = { cold, cached };
    }
    return { post: post.path, photoBytes: photo.length, single, times, posts, runs, screenshot, protocol };
  } finally {
    for (const cleanup of cleanups) cleanup();
    rmSync(ROOT, { recursive: true, force: true });
  }
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/** The LCP of the post with its photo may be this much after the same post without it (ms). */
export const LCP_GAP_MS = 50;

/** Prints the figures of `benchImages`. */
export function printImages({ post, photoBytes, single, times, posts, runs, screenshot, protocol }) {
  console.log(
    `\nPictures: a ${PHOTO.width}×${PHOTO.height} photo of ${(photoBytes / 1e6).toFixed(2)} MB in ${post}, after its first paragraph.`,
  );
  console.log('Bytes of pictures fetched (Chromium, the page scrolled to its end):');
  for (const [i, viewport] of VIEWPORTS.entries()) {
    const w = single.with.bytes[i];
    const files = w.fetched.map((f) => `${f.url.split('/').pop()} ${kb(f.bytes)}`).join(', ');
    console.log(
      `  ${viewport.name.padEnd(12)} without ${kb(single.without.bytes[i].bytes).padStart(10)}, with ${kb(w.bytes).padStart(10)}  (${files})`,
    );
  }
  const shown = single.with.bytes[0].shown;
  for (const img of shown)
    console.log(
      `  at 390 px: ${img.src} is ${img.natural} px wide, shown at ${img.shown} CSS px, width/height ${img.width}×${img.height}, loading ${img.loading ?? 'eager'}`,
    );
  const lh = (row) =>
    `LCP ${(row.lcp / 1000).toFixed(2)} s, CLS ${row.cls.toFixed(3)}, FCP ${(row.fcp / 1000).toFixed(2)} s, perf ${row.perf}`;
  console.log(
    `Lighthouse (mobile, median of ${runs}, served ${protocol === 'http1' ? 'over HTTP/1.1' : 'over HTTP/2 with TLS'}): without the photo ${lh(single.without.lighthouse)}; with ${lh(single.with.lighthouse)}.`,
  );
  const gap = single.with.lighthouse.lcp - single.without.lighthouse.lcp;
  console.log(
    `  LCP with the photo is ${(gap / 1000).toFixed(2)} s after the post without (goal ≤ ${(LCP_GAP_MS / 1000).toFixed(2)} s: ${gap <= LCP_GAP_MS ? 'PASS' : 'FAIL'}); CLS ${single.with.lighthouse.cls.toFixed(3)} (goal 0).`,
  );
  if (single.with.lighthouse.shifts?.length) console.log(`  layout shifts: ${single.with.lighthouse.shifts.join('; ')}`);
  if (!posts) return void (screenshot && console.log(`Screenshot of the post with the photo at 390 px: ${screenshot}`));
  console.log(`Build time (astro build), the content plus ${posts} posts, load average ${loadavg()[0].toFixed(1)}:`);
  for (const name of ['without', 'with']) {
    const t = times[name];
    console.log(
      `  ${name.padEnd(7)} photos: cold ${t.cold.seconds.toFixed(1)} s, cached ${t.cached.seconds.toFixed(1)} s (${t.cold.pages} pages; picture versions made: cold ${t.cold.images}, cached ${t.cached.images}, copied from the cache ${t.cached.reused})`,
    );
  }
  const extra = times.with.cached.seconds / times.without.cached.seconds - 1;
  console.log(`  cached with photos: ${(extra * 100).toFixed(0)}% over without (goal ≤ 10%).`);
  if (screenshot) console.log(`Screenshot of the post with the photo at 390 px: ${screenshot}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
  printImages(
    await benchImages({
      posts: Number(option('photo-posts', '100')),
      runs: Math.max(1, Number(option('runs', '3'))),
      screenshot: option('screenshot', undefined),
      protocol: argv.includes('--http1') ? 'http1' : 'h2',
    }),
  );
}
