#!/usr/bin/env node
/**
 * The social cards' share of a build (src/lib/social-cards/), without the
 * rest of the build: the cards of N generated pages (default 1,000; titles of
 * every length up to the 70-character limit, every kind of page) written
 * the way the build writes them, first with an empty cache (cold: every card
 * drawn), then again with the cache that run filled (cached: every card
 * copied), and the size of the cards, against the goals (cold ≤ 60 s and
 * cached ≤ 5 s per 1,000 pages, each card ≤ 150 KB).
 *
 *   npm run bench:cards [-- --count 1000]
 *
 * `npm run bench` reports the same from whole builds (the site, and the site
 * with 1,000 generated products). Temporary folders under .tmp/ are removed.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { runnerImport } from 'vite';

const argv = process.argv.slice(2);
const COUNT = Number(argv.includes('--count') ? argv[argv.indexOf('--count') + 1] : '1000');
const GOALS = { cold: 60, cached: 5, kb: 150 };
const WORDS =
  'managed telecommunications planning secure cloud platform analytics teams partners growth automation insight product service launch guide'.split(
    ' ',
  );

const { module: manifestModule } = await runnerImport('./src/lib/routes/manifest.ts');
const { module: cards } = await runnerImport('./src/lib/social-cards/write.ts');
const manifest = manifestModule.readManifest(process.env.CONTENT_DIR ?? 'content');
const kinds = ['product', 'service', 'post', 'page'];

/** Page n: a title of 5 to 70 characters from the word list, a kind in turn. */
function page(n) {
  const words = [`Page ${n}`];
  for (let i = 0; words.join(' ').length < 12 + ((n * 37) % 58); i++) words.push(WORDS[(n + i * 7) % WORDS.length]);
  const title = words.join(' ').slice(0, 70).trim();
  return { kind: kinds[n % kinds.length], meta: { path: `/bench-card-${n}`, title } };
}

const root = '.tmp/bench-cards';
const dist = join(root, 'dist');
const cacheDir = join(root, 'cache');
rmSync(root, { recursive: true, force: true });
try {
  const pages = Array.from({ length: COUNT }, (_, n) => page(n + 1));
  const input = { dist, pages, site: manifest.site, host: manifest.site.host, cacheDir };
  // CPU seconds besides the wall clock: on a shared machine the wall clock also counts other processes' turns.
  const timed = async () => {
    const result = await cards.writeSocialCards(input);
    return { ...result, cpu: result.cpuMilliseconds / 1000 };
  };
  const cold = await timed();
  rmSync(dist, { recursive: true, force: true });
  const cached = await timed();
  const sizes = readdirSync(join(dist, 'social-cards'))
    .map((file) => statSync(join(dist, 'social-cards', file)).size / 1024)
    .sort((a, b) => a - b);
  const per1000 = (ms) => ((ms / COUNT) * 1000) / 1000;
  const mark = (ok) => (ok ? 'ok' : 'OVER');
  console.log(`Social cards for ${COUNT} generated pages (load average ${loadavg()[0].toFixed(1)}):`);
  console.log(
    `  cold (${cold.drawn} drawn):     ${(cold.milliseconds / 1000).toFixed(1)} s, ${per1000(cold.milliseconds).toFixed(1)} s per 1,000 pages (goal ≤ ${GOALS.cold}) ${mark(per1000(cold.milliseconds) <= GOALS.cold)}; CPU ${cold.cpu.toFixed(1)} s`,
  );
  console.log(
    `  cached (${cached.cached} copied): ${(cached.milliseconds / 1000).toFixed(1)} s, ${per1000(cached.milliseconds).toFixed(1)} s per 1,000 pages (goal ≤ ${GOALS.cached}) ${mark(per1000(cached.milliseconds) <= GOALS.cached)}; CPU ${cached.cpu.toFixed(1)} s`,
  );
  const median = sizes[Math.floor(sizes.length / 2)];
  console.log(
    `  card size: median ${median.toFixed(1)} KB, largest ${sizes.at(-1).toFixed(1)} KB (goal ≤ ${GOALS.kb}) ${mark(sizes.at(-1) <= GOALS.kb)}`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
