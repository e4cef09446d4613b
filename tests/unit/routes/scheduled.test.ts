/**
 * Scheduled entries judged when they are committed (src/lib/routes/scheduled.ts): on a copy of the fixture
 * content, a post scheduled for later at a path its own build could not have is refused now by the route
 * manifest (the content check of the build and of `astro dev`), with the scheduled file and field named; one mistake a test.
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContentError } from '../../../src/lib/content/validate';
import { manifestProblems, readManifest } from '../../../src/lib/routes/manifest';
import { FIXTURE_CONTENT } from '../../fixtures';

/** The time the fixture is judged at: every post below is scheduled after it. */
const AT = new Date('2026-12-01T08:00:00Z');

let root: string;
let content: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'scheduled-'));
  content = join(root, 'content');
  cpSync(FIXTURE_CONTENT, content, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes content/posts/<name>.md, scheduled at `publishAt`; returns its file. */
function schedule(name: string, path: string, publishAt: string, aliases: string[] = []) {
  const file = join(content, 'posts', `${name}.md`);
  writeFileSync(
    file,
    [
      '---',
      'meta:',
      `  path: ${path}`,
      `  name: ${name}`,
      `  title: "A scheduled note from {brand}"`,
      '  description: "A post of the test content scheduled for later, whose path its own build must be able to have."',
      ...(aliases.length > 0 ? [`  aliases: [${aliases.join(', ')}]`] : []),
      'published: 2027-01-05',
      'author: The test',
      `publishAt: ${publishAt}`,
      '---',
      'Later.',
      '',
    ].join('\n'),
  );
  return file;
}

/** The lines the route manifest refuses the copy with (none: it passes), which `astro dev`'s check prints too. */
function refused(): string[] {
  let lines: string[] = [];
  try {
    readManifest(content, AT);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    lines = error.problems;
  }
  expect(manifestProblems(content, AT)).toEqual(lines);
  return lines;
}

describe('a post scheduled for later', () => {
  it('passes at a free path, and is listed apart with its time', () => {
    schedule('later', '/post/later', '2027-01-05T09:00:00+01:00');
    expect(refused()).toEqual([]);
    expect(readManifest(content, AT).scheduled.map((s) => s.id)).toEqual(['later']);
  });

  it("is refused at a live entry's path", () => {
    const file = schedule('later', '/about', '2027-01-05T09:00:00+01:00');
    expect(refused()).toEqual([
      `${file} › meta.path: /about is already the path of ${join(content, 'pages', 'about.yaml')}: the build at this entry's publishAt (2027-01-05T08:00:00Z) would fail, as two pages cannot share an address; give one of them another path`,
    ]);
  });

  it("is refused with an alias that is a live entry's alias", () => {
    const file = schedule('later', '/post/later', '2027-01-05T09:00:00+01:00', ['/company']);
    expect(refused()).toEqual([
      `${file} › meta.aliases.0: /company is already the path of ${join(content, 'pages', 'about.yaml')}: the build at this entry's publishAt (2027-01-05T08:00:00Z) would fail, as two pages cannot share an address; give one of them another path`,
    ]);
  });

  it('is refused at the path of another scheduled entry: the later one is named, with the earlier one’s time', () => {
    // Written in the other order: the file names decide nothing.
    const later = schedule('a-later', '/post/later', '2027-02-01T09:00:00Z');
    const sooner = schedule('b-sooner', '/post/later', '2027-01-05T09:00:00Z');
    expect(refused()).toEqual([
      `${later} › meta.path: /post/later is already the path of ${sooner} (scheduled for 2027-01-05T09:00:00Z): the build at this entry's publishAt (2027-02-01T09:00:00Z) would fail, as two pages cannot share an address; give one of them another path`,
    ]);
  });

  it("is refused at an editor's redirect's from (or with it as an alias)", () => {
    const file = schedule('later', '/old-about', '2027-01-05T09:00:00Z', ['/acme-widgets']);
    const redirects = join(content, 'redirects.yaml');
    expect(refused()).toEqual([
      `${file} › meta.path: /old-about is redirected to /about by ${redirects} (entry 0): the build at this entry's publishAt (2027-01-05T09:00:00Z) would fail, as a redirect may not hide a live page; give this entry another path, or remove the redirect`,
      `${file} › meta.aliases.0: /acme-widgets is redirected to /widget by ${redirects} (entry 1): the build at this entry's publishAt (2027-01-05T09:00:00Z) would fail, as a redirect may not hide a live page; give this entry another path, or remove the redirect`,
    ]);
  });

  it("is refused when its post would add a page of the blog that an editor's redirect starts at", () => {
    writeFileSync(join(content, 'redirects.yaml'), '- { from: /news/2, to: /about, name: Old second page }\n');
    // The fixture has 2 posts: 11 more make 13, a second page at /news/2 (12 a page).
    for (let n = 1; n <= 11; n++) schedule(`later-${n}`, `/post/later-${n}`, `2027-01-${String(n).padStart(2, '0')}T09:00:00Z`);
    expect(refused()).toEqual([
      `${join(content, 'redirects.yaml')} › 0.from: /news/2 will be page 2 of the blog (${join(content, 'pages', 'blog.yaml')}) once the posts scheduled for later are live, and a redirect may not hide a live page: remove the redirect`,
    ]);
  });
});
