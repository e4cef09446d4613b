/**
 * When an entry is on the site (src/lib/content/publishing.ts): the one rule every output follows, judged at
 * a build time given here (BUILD_TIME), and the reader that applies it (src/lib/content/read.ts) on a copy of
 * the fixture content with scheduled entries.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildTime,
  dueTimes,
  END_OF_TIME,
  isLive,
  isPreviewContext,
  parseDateTime,
  publishAtOf,
  publishingTime,
} from '../../../src/lib/content/publishing';
import { readContent } from '../../../src/lib/content/read';
import { readManifest } from '../../../src/lib/routes/manifest';
import { FIXTURE_CONTENT } from '../../fixtures';

const at = new Date('2026-12-01T09:00:00+01:00');

describe('isLive', () => {
  it('is true without a publishAt, and from the publishAt on, whatever the zone it is written in', () => {
    expect(isLive({}, at)).toBe(true);
    expect(isLive({ publishAt: '2026-12-01T08:00:00Z' }, at)).toBe(true); // the same instant
    expect(isLive({ publishAt: '2026-12-01T09:00:00+01:00' }, at)).toBe(true);
    expect(isLive({ publishAt: '2026-12-01T07:59:00Z' }, at)).toBe(true);
    expect(isLive({ publishAt: '2026-12-01T09:01:00+01:00' }, at)).toBe(false);
    expect(isLive({ publishAt: '2026-12-01T03:01:00-05:00' }, at)).toBe(false); // 08:01 UTC
    // Astro's YAML reader hands a Date over.
    expect(isLive({ publishAt: new Date('2026-12-01T08:01:00Z') }, at)).toBe(false);
  });

  it('never publishes a publishAt it cannot read: a day without a time, a time without a zone, nonsense', () => {
    for (const publishAt of ['2026-12-01', '2026-12-01T09:00', '2026-12-01T09:00:00', 'tomorrow', '2026-13-45T09:00Z', '2026-02-30T09:00Z'])
      expect(isLive({ publishAt }, at), publishAt).toBe(false);
    expect(parseDateTime('2026-12-01T09:00+01:00')?.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(publishAtOf({ publishAt: ' 2026-12-01T08:00:00.5Z ' })?.toISOString()).toBe('2026-12-01T08:00:00.500Z');
  });
});

describe('the build time', () => {
  it('is BUILD_TIME when given (a date-time with its zone), else now', () => {
    expect(buildTime({ BUILD_TIME: '2026-12-01T08:00:00Z' }).toISOString()).toBe('2026-12-01T08:00:00.000Z');
    const before = Date.now();
    expect(buildTime({}).getTime()).toBeGreaterThanOrEqual(before);
    expect(() => buildTime({ BUILD_TIME: '2026-12-01' })).toThrow(/BUILD_TIME must be a date-time with its zone/);
  });

  it('is the end of time in a deploy preview or branch deploy, where scheduled entries show; the build time in production', () => {
    expect(isPreviewContext('deploy-preview')).toBe(true);
    expect(isPreviewContext('branch-deploy')).toBe(true);
    expect(isPreviewContext('production')).toBe(false);
    expect(isPreviewContext(undefined)).toBe(false);
    expect(publishingTime({ CONTEXT: 'deploy-preview', BUILD_TIME: '2026-12-01T08:00:00Z' })).toBe(END_OF_TIME);
    expect(publishingTime({ CONTEXT: 'production', BUILD_TIME: '2026-12-01T08:00:00Z' }).toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(isLive({ publishAt: '2999-01-01T00:00:00Z' }, END_OF_TIME)).toBe(true);
  });
});

describe('due times', () => {
  it('are the publishAt times after the build, each once, soonest first', () => {
    const entries = [
      { publishAt: '2026-12-02T09:00:00+01:00' },
      {},
      { publishAt: '2026-11-30T09:00:00Z' }, // already live
      { publishAt: '2026-12-01T10:00:00Z' },
      { publishAt: '2026-12-02T08:00:00Z' }, // the first one again, in UTC
    ];
    expect(dueTimes(entries, at).map((d) => d.toISOString())).toEqual(['2026-12-01T10:00:00.000Z', '2026-12-02T08:00:00.000Z']);
  });
});

describe('the disk reader and the manifest at a build time', () => {
  const root = mkdtempSync(join(tmpdir(), 'publishing-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const content = join(root, 'content');
  cpSync(FIXTURE_CONTENT, content, { recursive: true });
  const post = (publishAt: string) =>
    [
      '---',
      'meta:',
      '  path: /post/scheduled',
      '  name: Scheduled',
      '  title: A scheduled post of the test blog',
      '  description: A post that goes live at nine on the first of December, and not a minute before.',
      'published: 2026-12-01',
      `publishAt: ${publishAt}`,
      'author: The test',
      '---',
      'Soon.',
      '',
    ].join('\n');
  writeFileSync(join(content, 'posts', 'scheduled.md'), post('2026-12-01T09:00:00+01:00'));

  it('keeps a scheduled entry apart until its time: checked, but in no document, route or list', () => {
    const before = readContent(content, new Date('2026-12-01T07:59:00Z'));
    expect(before.problems).toEqual([]);
    expect(before.documents.get('posts')!.map((d) => d.id)).not.toContain('scheduled');
    expect(before.scheduled.get('posts')!.map((d) => d.id)).toEqual(['scheduled']);
    const manifest = readManifest(content, new Date('2026-12-01T07:59:00Z'));
    expect(manifest.routes.map((r) => r.path)).not.toContain('/post/scheduled');
    expect(manifest.scheduled).toEqual([
      expect.objectContaining({ collection: 'posts', id: 'scheduled', publishAt: new Date('2026-12-01T08:00:00Z') }),
    ]);

    const after = readManifest(content, new Date('2026-12-01T08:01:00Z'));
    expect(after.routes.map((r) => r.path)).toContain('/post/scheduled');
    expect(after.scheduled).toEqual([]);
    expect(after.entries).toContainEqual(expect.objectContaining({ collection: 'posts', id: 'scheduled' }));
  });

  it('refuses a publishAt that is not a date-time with its zone, in the content check’s words', () => {
    for (const [value, words] of [
      ['2026-12-01', /must be a date and time with its time zone, e\.g\. 2026-12-01T09:00:00\+01:00/],
      ['2026-12-01T09:00', /must be a date and time with its time zone/],
      ['2026-02-30T09:00:00Z', /is not a real date and time/],
    ] as const) {
      writeFileSync(join(content, 'posts', 'scheduled.md'), post(value));
      const problems = readContent(content, at).problems;
      expect(problems, value).toEqual([expect.stringMatching(/^.*content\/posts\/scheduled\.md › publishAt: /)]);
      expect(problems[0]).toMatch(words);
      expect(problems[0]).toMatch(/ — Optional: when this goes live\./);
    }
    writeFileSync(join(content, 'posts', 'scheduled.md'), post('2026-12-01T09:00:00+01:00'));
  });
});
