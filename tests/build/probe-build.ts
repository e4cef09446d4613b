/**
 * The one temporary build the build tests share: a copy of content/ with
 * what the real site does not have yet, built once per run and read by every
 * test that needs it (the blog of 27 posts over three pages, a product added
 * by one file with an alias, a draft post and a draft product, pages whose
 * social cards need the fallback fonts, a very long title and a right-to-left
 * one: CARD_PROBES; a 4000×3000 photo in a post's text and as a post's cover,
 * a square logo as a page's social image: PICTURE_PROBES; a past in git, with
 * the about page renamed, a page renamed twice, pages and posts removed, one
 * with a successor, an old path taken back, entries scheduled: HISTORY_PROBES). Whichever
 * test asks first builds it; the others, in other workers, wait for it (a
 * lock directory), so a run makes one build, not one per test file.
 * ./global-setup.ts names the run and removes the build afterwards.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { readManifest } from '../../src/lib/routes/manifest';
import { buildCopy, type CopyBuild } from '../support/build-copy';
import { productGridPages } from '../support/site-under-test';
import { PROBE_BUILDS } from './global-setup';
import { KEPT_PHOTO } from '../support/photos';
import { snapshot, writeHistory } from '../support/content-history';

declare module 'vitest' {
  export interface ProvidedContext {
    probeRun: string;
  }
}

export interface ProbeBuild extends CopyBuild {
  /** Holds the copy, the build and its cache (cache/, Astro's cacheDir). */
  root: string;
  contentDir: string;
  out: string;
}

/** The probe posts: 26 more posts, written in an order unrelated to their dates, and a draft. */
export const PROBE_POSTS = 26;

function addBlogProbes(contentDir: string) {
  const post = (n: number, date: string) =>
    [
      '---',
      'meta:',
      `  path: /post/probe-${n}`,
      `  name: Probe ${n}`,
      `  title: "Probe post ${n} of the {brand} test blog"`,
      `  description: "Probe post ${n} exists only in the temporary copy of the content that the blog test builds."`,
      '  keywords: [test]',
      '  priority: 0.5',
      '  changefreq: yearly',
      `published: ${date}`,
      'author: The test',
      '---',
      `Probe post ${n}.`,
      '',
    ].join('\n');
  // Written in an order unrelated to their dates; probes 25 and 26 share a day (then ordered by path).
  for (let n = 1; n <= PROBE_POSTS; n++) {
    const day = n >= 25 ? 25 : n;
    writeFileSync(
      join(contentDir, 'posts', `probe-${String(27 - n).padStart(2, '0')}-${n}.md`),
      post(n, `2025-03-${String(day).padStart(2, '0')}`),
    );
  }
  // A draft lists nowhere.
  writeFileSync(join(contentDir, 'posts', '_draft.md'), post(99, '2030-01-01'));
}

function addProductProbes(contentDir: string) {
  const probe = [
    '---',
    'title: Testprobe',
    'order: 11',
    'website: "{host}/testprobe-app"',
    'description: A product added only by this test, to prove that one file is all a new product needs.',
    'category: AI Technology',
    'status: Live',
    'colors: { from: "#111111", to: "#222222" }',
    'meta:',
    '  path: /testprobe-app',
    '  name: Testprobe',
    '  title: "Testprobe test product | {brand}"',
    '  description: "Testprobe exists only in a temporary copy of the content built by the products test."',
    '  keywords: [test]',
    '  priority: 0.5',
    '  changefreq: yearly',
    '  aliases: [/testprobe-alias]',
    'sections:',
    '  - type: hero',
    '    heading: Testprobe, built from one markdown file',
    '---',
    'Testprobe overview.',
    '',
  ].join('\n');
  writeFileSync(join(contentDir, 'products', 'testprobe.md'), probe);
  // A draft (file name starting with "_") is part of nothing: no page, no sitemap entry, no card.
  writeFileSync(
    join(contentDir, 'products', '_draftprobe.md'),
    probe.replace('title: Testprobe', 'title: Draftprobe').replace(/testprobe-(app|alias)/g, 'draftprobe-$1'),
  );
  // The products page lives in content/pages; give the copy one if this branch has none yet.
  if (productGridPages(contentDir, readManifest(contentDir)).length === 0) {
    writeFileSync(
      join(contentDir, 'pages', 'testprobe-products.yaml'),
      [
        'meta:',
        '  path: /testprobe-products',
        '  name: Products',
        '  title: "Test products page | {brand}"',
        '  description: "A products page that only exists in the temporary build of the products test."',
        '  keywords: [test]',
        '  priority: 0.5',
        '  changefreq: yearly',
        'sections:',
        '  - { type: hero, heading: Test products }',
        '  - { type: product-grid, heading: All products }',
        '',
      ].join('\n'),
    );
  }
}

/** Pages whose titles test the social cards: other scripts (and an emoji), the longest title with a word wider than a line, right to left. */
export const CARD_PROBES = {
  intl: { path: '/testprobe-card-intl', title: 'Ελληνικά, кириллица, 中文, 日本語, 한국어 🚀 | {brand}' },
  long: { path: '/testprobe-card-long', title: 'SUPERCALIFRAGILISTICEXPIALIDOCIOUS TELECOMMUNICATIONS INTEROPERABILITY' },
  rtl: { path: '/testprobe-card-rtl', title: 'مرحبا بالعالم | {brand}' },
} as const;

function addCardProbes(contentDir: string) {
  for (const [name, { path, title }] of Object.entries(CARD_PROBES)) {
    writeFileSync(
      join(contentDir, 'pages', `testprobe-card-${name}.yaml`),
      [
        'meta:',
        `  path: ${path}`,
        `  name: Card probe ${name}`,
        `  title: ${JSON.stringify(title)}`,
        `  description: "A page of the temporary test build whose social card shows a ${name} title, for the card tests."`,
        '  keywords: [test]',
        '  priority: 0.3',
        '  changefreq: yearly',
        'sections:',
        `  - { type: hero, heading: "Card probe ${name}" }`,
        '',
      ].join('\n'),
    );
  }
}

/**
 * The pictures of the probe build: the large photo (tests/support/photos.ts, made by ./global-setup.ts) in a
 * post's text right after its first paragraph, again further down, with a decorative rule; the photo as the
 * cover of another post, which also has it in its text; a square logo as a page's social image. The posts are
 * dated before the other probes, so the blog's newest posts stay theirs.
 */
export const PICTURE_PROBES = {
  photo: '/images/probe/photo.jpg',
  rule: '/images/probe/rule.png',
  logo: '/images/probe/logo.png',
  body: { path: '/post/probe-photo-body', alt: 'A field of colour, the probe photo in the text' },
  later: { alt: 'The probe photo again, further down' },
  cover: { path: '/post/probe-photo-cover', alt: 'A field of colour, the probe photo as a cover' },
  square: { path: '/testprobe-square-share', alt: 'The probe logo, a white ring on blue' },
} as const;

function addPictureProbes(contentDir: string) {
  const images = join(contentDir, 'images', 'probe');
  mkdirSync(images, { recursive: true });
  cpSync(KEPT_PHOTO, join(images, 'photo.jpg'));
  cpSync('tests/fixtures/pictures/rule.png', join(images, 'rule.png'));
  cpSync('tests/fixtures/pictures/logo.png', join(images, 'logo.png'));
  const { photo, rule, logo, body, later, cover, square } = PICTURE_PROBES;
  const post = (path: string, date: string, fields: string[], text: string[]) =>
    [
      '---',
      'meta:',
      `  path: ${path}`,
      '  name: Picture probe',
      `  title: "Picture probe ${path.split('-').at(-1)} of the {brand} test blog"`,
      '  description: "A post of the temporary test build whose pictures go through the image pipeline."',
      'published: ' + date,
      'author: The test',
      ...fields,
      '---',
      ...text,
      '',
    ].join('\n');
  writeFileSync(
    join(contentDir, 'posts', 'probe-photo-body.md'),
    post(
      body.path,
      '2025-02-02',
      [],
      [
        "A first paragraph short enough that the photo after it is on a phone's first screen.",
        '',
        `![${body.alt}](${photo})`,
        '',
        '## Further down',
        '',
        'More text, then a rule that is only decoration and the photo once more.',
        '',
        `![](${rule} "decorative")`,
        '',
        `![${later.alt}](${photo})`,
      ],
    ),
  );
  writeFileSync(
    join(contentDir, 'posts', 'probe-photo-cover.md'),
    post(
      cover.path,
      '2025-02-01',
      ['cover:', `  src: ${photo}`, `  alt: "${cover.alt}"`],
      ['The cover leads this post, so the photo in its text waits until it is scrolled to.', '', `![${body.alt}](${photo})`],
    ),
  );
  writeFileSync(
    join(contentDir, 'pages', 'testprobe-square-share.yaml'),
    [
      'meta:',
      `  path: ${square.path}`,
      '  name: Square share probe',
      '  title: "A page that shares as a square logo | {brand}"',
      '  description: "A page of the temporary test build whose social image is square: the build places it on its card."',
      '  priority: 0.3',
      '  changefreq: yearly',
      '  image:',
      `    src: ${logo}`,
      `    alt: "${square.alt}"`,
      'sections:',
      '  - { type: hero, heading: "Square share probe" }',
      '',
    ].join('\n'),
  );
}

/**
 * The probe copy's past, in git (three commits: 2025-01-01, 02-01, 03-01; the working tree is the last), and what
 * the build must make of it (src/lib/routes/published.ts): the about page moved from /about to /about-us, as the
 * issue tried it (every link of the site to /about is rendered /about-us); a page moved twice, /a → /b → /c; a
 * post removed (410, its gone page linking to the blog); a page removed with a successor an editor names in
 * content/redirects.yaml (301); a post that was scheduled and removed before its time, and a draft page, never
 * published (no rule); a page removed whose path a new page took (no rule); a post scheduled for 2099 (in no
 * output) and one whose time has come (in all of them); a post whose text links to old paths.
 */
export const HISTORY_PROBES = {
  about: { from: '/about', to: '/about-us' },
  chain: { paths: ['/probe-moved-a', '/probe-moved-b', '/probe-moved-c'], name: 'Moved probe' },
  removedPost: { path: '/post/probe-removed', title: 'A probe post that was removed' },
  retired: { path: '/probe-retired', successor: '/contact' },
  neverPublished: ['/post/probe-never', '/probe-draft-page'],
  reused: '/probe-reused',
  scheduled: { path: '/post/probe-scheduled', title: 'A probe post scheduled for 2099', publishAt: '2099-01-01T09:00:00+01:00' },
  due: { path: '/post/probe-due', title: 'A probe post whose time has come', publishAt: '2025-03-10T09:00:00+01:00' },
  links: { path: '/post/probe-old-links' },
} as const;

function addHistoryProbes(root: string, contentDir: string) {
  const H = HISTORY_PROBES;
  const page = (path: string, name: string, extra: string[] = []) =>
    [
      'meta:',
      `  path: ${path}`,
      `  name: ${name}`,
      `  title: "${name}, a probe page of the {brand} history test"`,
      '  description: "A page of the temporary test build whose address has a past in git, for the tests of published paths."',
      '  priority: 0.3',
      '  changefreq: yearly',
      ...extra,
      'sections:',
      `  - { type: hero, heading: "${name}" }`,
      '',
    ].join('\n');
  const post = (path: string, title: string, date: string, extra: string[] = [], body = 'A probe post with a past in git.') =>
    [
      '---',
      'meta:',
      `  path: ${path}`,
      '  name: History probe',
      `  title: "${title}"`,
      '  description: "A post of the temporary test build whose address has a past in git, for the tests of published paths."',
      `published: ${date}`,
      ...extra,
      'author: The test',
      '---',
      body,
      '',
    ].join('\n');
  const rel = (file: string) => `content/${file}`;
  const about = readFileSync(join(contentDir, 'pages', 'about.yaml'), 'utf8');
  const redirects = readFileSync(join(contentDir, 'redirects.yaml'), 'utf8');
  const withSuccessor = `${redirects.trimEnd()}\n- { from: ${H.retired.path}, to: ${H.retired.successor}, name: Retired probe }\n`;
  const movedPage = (n: number) => page(H.chain.paths[n], H.chain.name);

  // The working tree: the last commit.
  const last: Record<string, string | null> = {
    'pages/about.yaml': about.replace(/^ {2}path: \/about$/m, `  path: ${H.about.to}`),
    'pages/probe-moved.yaml': movedPage(2),
    'pages/probe-new-owner.yaml': page(H.reused, 'New owner probe'),
    'pages/_probe-draft-page.yaml': page('/probe-draft-page', 'Draft page probe'),
    'posts/probe-scheduled.md': post(H.scheduled.path, H.scheduled.title, '2099-01-01', [`publishAt: ${H.scheduled.publishAt}`]),
    'posts/probe-due.md': post(H.due.path, H.due.title, '2025-03-10', [`publishAt: ${H.due.publishAt}`]),
    'posts/probe-old-links.md': post(
      H.links.path,
      'A probe post that links to old addresses',
      '2025-01-20',
      [],
      `Read [the moved page](${H.chain.paths[0]}#top), [about us](${H.about.from}) and [the retired page](${H.retired.path}).`,
    ),
    'redirects.yaml': withSuccessor,
  };
  for (const [file, text] of Object.entries(last)) writeFileSync(join(contentDir, file), text!);
  const now = snapshot(root, 'content');
  const first: Record<string, string | Buffer> = {
    ...now,
    [rel('pages/about.yaml')]: about,
    [rel('pages/probe-moved.yaml')]: movedPage(0),
    [rel('posts/probe-removed.md')]: post(H.removedPost.path, H.removedPost.title, '2025-01-01'),
    [rel('pages/probe-retired.yaml')]: page(H.retired.path, 'Retired probe'),
    [rel('posts/probe-never.md')]: post(H.neverPublished[0], 'A probe post never published', '2099-01-01', [
      'publishAt: 2099-01-01T09:00:00Z',
    ]),
    [rel('pages/probe-old-owner.yaml')]: page(H.reused, 'Old owner probe'),
    [rel('redirects.yaml')]: redirects,
  };
  for (const file of ['pages/probe-new-owner.yaml', 'posts/probe-scheduled.md', 'posts/probe-due.md', 'posts/probe-old-links.md'])
    delete first[rel(file)];
  writeHistory(root, [
    { time: '2025-01-01T10:00:00Z', message: 'the probe content as first published', files: first },
    {
      time: '2025-02-01T10:00:00Z',
      message: 'rename about and the moved probe, remove three entries, name a successor',
      files: {
        [rel('pages/about.yaml')]: now[rel('pages/about.yaml')],
        [rel('pages/probe-moved.yaml')]: movedPage(1),
        [rel('posts/probe-removed.md')]: null,
        [rel('pages/probe-retired.yaml')]: null,
        [rel('posts/probe-never.md')]: null,
        [rel('redirects.yaml')]: withSuccessor,
      },
    },
    {
      time: '2025-03-01T10:00:00Z',
      message: 'move the probe again, give its path to a new page, schedule posts',
      files: {
        ...Object.fromEntries(
          [
            'pages/probe-moved.yaml',
            'pages/probe-new-owner.yaml',
            'posts/probe-scheduled.md',
            'posts/probe-due.md',
            'posts/probe-old-links.md',
          ].map((file) => [rel(file), now[rel(file)]]),
        ),
        [rel('pages/probe-old-owner.yaml')]: null,
      },
    },
  ]);
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The probe build of this run: built by the first caller, waited for by the others. */
export function probeBuild(): ProbeBuild {
  const root = join(PROBE_BUILDS, inject('probeRun'));
  const contentDir = join(root, 'content');
  const out = join(root, 'dist');
  const result = join(root, 'build.json');
  const lock = `${root}.lock`;
  mkdirSync(PROBE_BUILDS, { recursive: true });
  for (const deadline = Date.now() + 240_000; Date.now() < deadline; pause(250)) {
    if (existsSync(result)) return { ...(JSON.parse(readFileSync(result, 'utf8')) as CopyBuild), root, contentDir, out };
    try {
      mkdirSync(lock);
    } catch {
      continue; // another worker is building it
    }
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    cpSync('content', contentDir, { recursive: true });
    addBlogProbes(contentDir);
    addProductProbes(contentDir);
    addCardProbes(contentDir);
    addPictureProbes(contentDir);
    addHistoryProbes(root, contentDir);
    const build = buildCopy({ root, contentDir, out });
    writeFileSync(result, JSON.stringify(build));
    return { ...build, root, contentDir, out };
  }
  throw new Error(`the probe build in ${root} did not finish within 4 minutes`);
}
