/**
 * Build time, for the benchmark: a build timed cold (no content cache) and
 * warm, and the same with N generated products added to a temporary copy of
 * content/ (scripts/generate-products.mjs), to show how the build grows;
 * with each, the social cards' share (cold: every card drawn; warm: every
 * card from the cache of the cold build).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };

export function run(command, args, extraEnv = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, { env: { ...env, ...extraEnv }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
  }
  return { seconds, output: result.stdout + result.stderr };
}

const pagesIn = (output) => Number(/(\d+) page\(s\) built/.exec(output)?.[1] ?? NaN);
/** The social cards' line of the build (src/lib/deploy/integration.ts): how many, drawn or from the cache, in how long. */
const cardsIn = (output) => {
  const match = /social cards: (\d+) \((\d+) drawn, (\d+) from the cache\) in ([\d.]+) s/.exec(output);
  return match ? { cards: Number(match[1]), drawn: Number(match[2]), seconds: Number(match[4]) } : undefined;
};

// Astro caches the content layer in node_modules/.astro, the social cards beside it; removing both makes a build "cold".
const clearContentCache = () => {
  rmSync('node_modules/.astro/data-store.json', { force: true });
  rmSync('node_modules/.astro/social-cards', { recursive: true, force: true });
};

/** Times a build twice: cold (no content cache) and warm (cache from the first). */
function timeBuild(what, build) {
  clearContentCache();
  const cold = build();
  const warm = build();
  return { what, pages: cold.pages, cold: cold.seconds, warm: warm.seconds, cards: { cold: cold.cards, warm: warm.cards } };
}

/** The site's own build (`npm run build`), cold then warm; it leaves dist/ built. */
export function timeSiteBuild() {
  return timeBuild('site (npm run build)', () => {
    const build = run('npm', ['run', 'build']);
    return { seconds: build.seconds, pages: pagesIn(build.output), cards: cardsIn(build.output) };
  });
}

/** The same steps with `count` generated products, in temporary folders removed afterwards. */
export function timeGrownBuild(count) {
  const content = '.tmp/bench-content';
  const out = '.tmp/dist-bench';
  try {
    run('node', ['scripts/generate-products.mjs', '--count', String(count), '--out', content]);
    return timeBuild(`site + ${count} products (same steps)`, () => {
      const build = run('npx', ['astro', 'build'], { CONTENT_DIR: content, OUT_DIR: out });
      const index = run('npx', ['pagefind', '--site', out]);
      return { seconds: build.seconds + index.seconds, pages: pagesIn(build.output), cards: cardsIn(build.output) };
    });
  } finally {
    rmSync(content, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
    clearContentCache(); // the cache now describes the generated content
  }
}
