/**
 * Every built page is valid HTML: the W3C Nu HTML Checker (npm vnu-jar, run
 * with Java) reports no error on any page of dist/ (redirect pages included),
 * nor on the pages of the probe build that show editors' pictures (the real
 * site has none yet). One Java run checks all pages plus a broken fixture,
 * which must be reported, so the check can fail.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { DIST, requireDist } from '../support/site-under-test';
import { PICTURE_PROBES, probeBuild } from './probe-build';
import { builtPages, htmlFiles, pageFile } from '../../src/lib/deploy/dist-folder';

const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));
const FIXTURE = resolve('.tmp/vnu-fixture.html');

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
}

/** Errors per file (absolute path), from one run of the checker. */
function vnuErrors(files: string[]): Map<string, VnuMessage[]> {
  const run = spawnSync('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error)
    throw new Error(
      `Java is needed for the HTML checker (${run.error.message}): apt-get install default-jre-headless, or run bash .ci/run`,
    );
  const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
  const byFile = new Map<string, VnuMessage[]>();
  for (const message of messages) {
    const file = decodeURIComponent(new URL(message.url).pathname);
    byFile.set(file, [...(byFile.get(file) ?? []), message]);
  }
  return byFile;
}

describe('W3C Nu HTML Checker', () => {
  let pages: string[] = [];
  let errors = new Map<string, VnuMessage[]>();
  beforeAll(() => {
    requireDist();
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    mkdirSync('.tmp', { recursive: true });
    // A duplicate id and a script after </html>: two of the mistakes the site once shipped.
    writeFileSync(
      FIXTURE,
      '<!doctype html><html lang="en"><head><title>x</title></head><body><p id="a"></p><p id="a"></p></body></html><script></script>',
    );
    const probe = probeBuild();
    // The posts with pictures and the blog page that shows a cover beside its title.
    const listing = builtPages(probe.out).find((p) => p.path.startsWith('/blog') && p.html.includes(`href="${PICTURE_PROBES.cover.path}"`));
    const withPictures = [PICTURE_PROBES.body.path, PICTURE_PROBES.cover.path, listing!.path].map((path) =>
      resolve(join(probe.out, pageFile(path))),
    );
    pages = [...htmlFiles(DIST).map((file) => resolve(join(DIST, file))), ...withPictures];
    errors = vnuErrors([FIXTURE, ...pages]);
  }, 120_000);

  it('reports the errors of a broken page', () => {
    const found = (errors.get(FIXTURE) ?? []).map((m) => m.message).join('\n');
    expect(found).toMatch(/Duplicate ID/);
    expect(found).toMatch(/Stray start tag “script”/);
  });

  it('finds no error on any built page', () => {
    expect(pages.length).toBeGreaterThan(10);
    const report = pages.flatMap((page) => (errors.get(page) ?? []).map((m) => `${page}:${m.lastLine ?? '?'}: ${m.message}`));
    expect(report).toEqual([]);
  });
});
