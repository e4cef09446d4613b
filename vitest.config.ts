/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/**
 * Four projects, so each can run alone:
 * - unit:    pure logic on fixtures (tests/fixtures), no build and no database (`npm run test:unit` works on a fresh clone);
 * - content: what must hold of the real content/ (copy, lists, their agreement with the code and the database settings);
 * - db:    the migrations applied to PGlite with Supabase's roles;
 * - build: reads the built site in dist/ (`npm run build:test` first) or makes temporary builds.
 */
export default getViteConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    // PGlite can take ~15 s to start on a loaded 2-core machine; temporary builds take longer.
    hookTimeout: 180_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'content', include: ['tests/content/**/*.test.ts'] } },
      { extends: true, test: { name: 'db', include: ['tests/db/**/*.test.ts'] } },
      { extends: true, test: { name: 'build', include: ['tests/build/**/*.test.ts'] } },
    ],
  },
});
