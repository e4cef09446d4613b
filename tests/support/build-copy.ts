/**
 * Astro on a copy of content/ (CONTENT_DIR), as the tests that change content
 * run it: `astro build` into a folder of its own (OUT_DIR), or `astro sync`,
 * the content layer alone (the part of a build that reads, parses and
 * validates the content files, without rendering pages). A config beside the
 * copy reuses astro.config.mjs with its own cacheDir, so the copy's content
 * never lands in the repository's content cache.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export interface CopyBuild {
  status: number | null;
  /** stdout and stderr together, for assertion messages and printed lines. */
  output: string;
}

/** `root` holds the generated config and cache; `contentDir` is the copy; `out` receives the site. */
export function buildCopy({ root, contentDir, out }: { root: string; contentDir: string; out: string }): CopyBuild {
  return astroOnCopy('build', { root, contentDir, out });
}

/** `astro sync` of the copy: its content store is `<root>/cache/data-store.json`. */
export function syncCopy({ root, contentDir }: { root: string; contentDir: string }): CopyBuild {
  return astroOnCopy('sync', { root, contentDir, out: join(root, 'dist') });
}

function astroOnCopy(command: 'build' | 'sync', { root, contentDir, out }: { root: string; contentDir: string; out: string }): CopyBuild {
  const config = join(root, 'astro.config.mjs');
  writeFileSync(
    config,
    `import base from '${resolve('astro.config.mjs')}';\nexport default { ...base, cacheDir: ${JSON.stringify(join(root, 'cache'))} };\n`,
  );
  const build = spawnSync(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', command, '--mode', 'test', '--config', relative(process.cwd(), config)],
    {
      env: { ...process.env, CONTENT_DIR: contentDir, OUT_DIR: out, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
      encoding: 'utf8',
      timeout: 170_000,
    },
  );
  return { status: build.status, output: `${build.stdout}\n${build.stderr}` };
}
