/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/db/**/*.test.ts', 'tests/build/**/*.test.ts'],
    environment: 'node',
    // PGlite can take ~15 s to start on a loaded 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
