/**
 * The content check, the first thing `astro build` and `astro dev` do
 * (astro.config.mjs, through the route manifest): every file that ./model.ts
 * describes, read and validated by ./read.ts, placeholders filled, and one
 * error that lists every problem of every file, one line each, in words an
 * editor can act on (./wording.ts):
 *
 *   content/products/newsbox.md › meta.description: 172 characters, at most 160 — <the field's .describe() text>
 */
import { resolve, sep } from 'node:path';
import type { AstroIntegration } from 'astro';
import { readContent } from './read';
import { ContentError } from './validate';

/** Every problem of the content folder, one line each (empty when the content is valid). */
export function contentProblems(contentDir = 'content'): string[] {
  return readContent(contentDir).problems;
}

/** Throws a ContentError listing every problem of the content folder. */
export function checkContent(contentDir = 'content'): void {
  const problems = contentProblems(contentDir);
  if (problems.length > 0) throw new ContentError(problems);
}

/**
 * `astro dev` reads the config once, so an edit made while it runs would only
 * meet the content layer's own wording: check again on every change under the
 * content folder and print the same lines (the server keeps running).
 * astro.config.mjs passes the route manifest's whole check (`problemsOf`:
 * paths claimed twice, scheduled entries judged as if live), which this
 * layer cannot import.
 */
export function contentCheckOnChange(contentDir = 'content', problemsOf: (contentDir: string) => string[] = contentProblems): AstroIntegration {
  return {
    name: 'content-check',
    hooks: {
      'astro:server:setup': ({ server, logger }) => {
        const root = resolve(contentDir);
        let failing = false;
        const recheck = (file: string) => {
          if (!resolve(file).startsWith(root + sep)) return;
          const problems = problemsOf(contentDir);
          if (problems.length > 0) logger.error(problems.join('\n'));
          else if (failing) logger.info('The content is valid again.');
          failing = problems.length > 0;
        };
        server.watcher.add(root);
        for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, recheck);
      },
    },
  };
}
