/**
 * A content error stops `astro build` before anything is built, and the build
 * output shows the content check's line as is: file, field, problem and the
 * field's description (src/lib/content/check-content.ts, called by astro.config.mjs);
 * a picture that is not there or cannot be read is one (src/lib/content/pictures.ts).
 */
import { describe, it, expect, afterAll } from 'vitest';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { metaSchema } from '../../src/lib/content/schemas';
import { buildCopy } from '../support/build-copy';

describe('a content error stops the build', () => {
  const root = resolve('.tmp', `content-check-build-${process.pid}`);
  const contentDir = join(root, 'content');
  const dist = join(root, 'dist');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // One build for every kind of error (each its own file), since each build costs an Astro start: the content
  // check reads every file and prints every problem before the build stops.
  it(
    'astro build of a copy with a 172-character description, a missing picture and an unreadable one fails and prints each line',
    { timeout: 180_000 },
    () => {
      rmSync(root, { recursive: true, force: true });
      mkdirSync(root, { recursive: true });
      cpSync('content', contentDir, { recursive: true });
      const product = join(contentDir, 'products', 'newsbox.md');
      // 165 letters and {brand} ("Corvana"): 172 characters once filled.
      writeFileSync(product, readFileSync(product, 'utf8').replace(/^ {2}description: .*$/m, `  description: "${'x'.repeat(165)}{brand}"`));
      mkdirSync(join(contentDir, 'images'), { recursive: true });
      writeFileSync(join(contentDir, 'images', 'from-phone.jpg'), '\0\0\0\x18ftypheic\0\0\0\0mif1heic'); // a HEIC with a JPEG's name
      const post = join(contentDir, 'posts', 'welcome.md');
      const text = readFileSync(post, 'utf8').replace(/^---\n/, '---\ncover: { src: /images/team-offsite.jpg, alt: The team }\n');
      writeFileSync(post, text.replace(/\n---\n/, '\n---\n![A phone photo](/images/from-phone.jpg)\n'));

      const build = buildCopy({ root, contentDir, out: dist });
      expect(build.status, build.output).not.toBe(0);
      const lines = build.output.split('\n');
      expect(lines).toContain(`${product} › meta.description: 172 characters, at most 160 — ${metaSchema.shape.description.description}`);
      expect(lines.find((l) => l.startsWith(`${post} › cover.src: `))).toMatch(
        /: no picture \/images\/team-offsite\.jpg in .*content\/images: upload it in the CMS/,
      );
      expect(lines.find((l) => l.startsWith(`${post} › body, line `))).toMatch(
        /: \/images\/from-phone\.jpg cannot be read as a JPEG, PNG or WebP picture/,
      );
      expect(existsSync(join(dist, 'index.html'))).toBe(false);
    },
  );
});
