/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/**
 * Projects, so each can run alone:
 * - unit:    pure logic on fixtures (tests/fixtures), no build and no database (`npm run test:unit` works on a fresh clone);
 * - content: what must hold of the real content/ (copy, lists, their agreement with the code and the database settings);
 * - db:    the migrations applied to PGlite with Supabase's roles;
 * - pg:    the same migrations on a real PostgreSQL server started by the run, under concurrent load, and the
 *          schema files against them (tests/pg/schemas.test.ts);
 * - build: reads the built site in dist/ (`npm run build:test` first) and the one temporary build
 *          the build tests share (tests/build/probe-build.ts);
 * - load:  not a test but the load benchmark of the database (`npm run bench:db`), thousands of inserts;
 * - actions: not a test but the benchmark of the team's actions (`npm run bench:actions`, after `npm run build:test`);
 * - year:  not a test but 15 months of the database simulated (`npm run bench:year`, tests/pg/year.load.ts).
 */
export default getViteConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    // PGlite can take ~15 s to start on a loaded 2-core machine; temporary builds take longer.
    hookTimeout: 180_000,
    projects: [
      // Vitest runs one file at a time on 2 cores (its default is cores - 1); these files are independent
      // and CPU-bound (PGlite is WebAssembly), so two at a time: unit 18 → 12 s, db 44 → 30 s here.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], maxWorkers: 2 } },
      { extends: true, test: { name: 'content', include: ['tests/content/**/*.test.ts'], maxWorkers: 2 } },
      // One empty PGlite cluster made for the run and copied by each file (tests/db/global-setup.ts).
      { extends: true, test: { name: 'db', include: ['tests/db/**/*.test.ts'], maxWorkers: 2, globalSetup: ['tests/db/global-setup.ts'] } },
      // Two files at once: the pg_cron file mostly waits for a minute boundary while the flood file runs.
      { extends: true, test: { name: 'pg', include: ['tests/pg/**/*.test.ts'], maxWorkers: 2, fileParallelism: true } },
      // Two files at once too: the files that wait for the shared probe build (or vnu's Java) leave a core to the rest: 53 → 38 s.
      {
        extends: true,
        test: { name: 'build', include: ['tests/build/**/*.test.ts'], globalSetup: ['tests/build/global-setup.ts'], maxWorkers: 2 },
      },
      { extends: true, test: { name: 'load', include: ['tests/pg/**/*.load.ts'], exclude: ['tests/pg/year.load.ts'] } },
      // Not a test: 15 months of the database simulated (`npm run bench:year`), a few minutes.
      { extends: true, test: { name: 'year', include: ['tests/pg/year.load.ts'], testTimeout: 3_600_000, hookTimeout: 3_600_000 } },
      // The team's actions end to end (a real server with pg_cron, the function, the built site, Chromium): `npm run bench:actions`.
      { extends: true, test: { name: 'actions', include: ['tests/bench/**/*.load.ts'] } },
    ],
  },
});
