/**
 * The build's part in how form islands load (an Astro integration):
 * - each page's form islands get their module graph on their element
 *   (./module-graph.ts), which the page fetches before the first interaction
 *   (./prefetch.ts);
 * - the recovery script (src/lib/forms/recovery-script.ts) is bundled on its own,
 *   unhashed, into the build (and served by `astro dev` at the same path), so a
 *   page whose hashed scripts a deploy removed can still load it.
 * Runs before the deploy files are written (src/lib/deploy/integration.ts reads
 * the pages it rewrote and the files it added).
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { builtPages } from '../deploy/dist-folder';
import { RECOVERY_SCRIPT } from '../forms/recovery-script';
import { withIslandGraphs } from './module-graph';

const RECOVERY_ENTRY = fileURLToPath(new URL('../forms/recovery-page.ts', import.meta.url));

/** The recovery script: src/lib/forms/recovery-page.ts and what it imports, one self-contained module. */
export async function bundleRecoveryScript(): Promise<string> {
  const output = await build({
    entryPoints: [RECOVERY_ENTRY],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    write: false,
    legalComments: 'none',
  });
  return output.outputFiles[0].text;
}

/** Writes each form island's graph into the pages of `dist`; returns how many pages changed. */
export function writeIslandGraphs(dist: string): number {
  const read = (path: string) => {
    const file = join(dist, path.replace(/^\//, ''));
    return path.startsWith('/_astro/') && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  let changed = 0;
  for (const page of builtPages(dist)) {
    const html = withIslandGraphs(page.html, read);
    if (html === page.html) continue;
    writeFileSync(join(dist, page.file), html);
    changed++;
  }
  return changed;
}

export function islandLoading(): AstroIntegration {
  return {
    name: 'island-loading',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((request, response, next) => {
          if (request.url?.split('?')[0] !== RECOVERY_SCRIPT) return next();
          bundleRecoveryScript().then((code) => {
            response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            response.end(code);
          }, next);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const script = await bundleRecoveryScript();
        writeFileSync(join(dist, RECOVERY_SCRIPT.slice(1)), script);
        const pages = writeIslandGraphs(dist);
        logger.info(`form islands: module graphs on ${pages} pages; ${RECOVERY_SCRIPT} ${(script.length / 1000).toFixed(1)} kB`);
      },
    },
  };
}
