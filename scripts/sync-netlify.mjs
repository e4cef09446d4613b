#!/usr/bin/env node
/**
 * Regenerates netlify.toml from content/ and the build (see src/lib/netlify.ts):
 * the 301 redirects, the security headers with the CSP hashes of every inline
 * script in dist/, and the caching rules.
 *
 *   npm run build && npm run sync:netlify          # rewrite netlify.toml
 *   npm run sync:netlify -- --check                # exit 1 if netlify.toml is stale
 *
 * CONTENT_DIR and OUT_DIR select other content/build folders (default content, dist).
 * TypeScript sources are loaded through Vite's module runner, like astro.config.mjs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { runnerImport } from 'vite';

const contentDir = process.env.CONTENT_DIR ?? 'content';
const distDir = process.env.OUT_DIR ?? 'dist';
const check = process.argv.includes('--check');

if (!existsSync(`${distDir}/index.html`)) {
  console.error(`${distDir}/index.html is missing: run \`npm run build\` first (the CSP hashes come from the build).`);
  process.exit(1);
}
const { module: manifestLib } = await runnerImport('./src/lib/manifest.ts');
const { module: netlify } = await runnerImport('./src/lib/netlify.ts');

const manifest = manifestLib.readManifest(contentDir);
const scripts = netlify.buildInlineScripts(distDir);
const text = netlify.renderNetlifyToml({ manifest, scriptHashes: scripts.map((s) => s.hash) });
const current = existsSync('netlify.toml') ? readFileSync('netlify.toml', 'utf8') : '';

if (current === text) {
  console.log('netlify.toml is up to date.');
} else if (check) {
  console.error('netlify.toml is out of date: run `npm run sync:netlify` and commit the result.');
  process.exit(1);
} else {
  writeFileSync('netlify.toml', text);
  const hashes = new Set(scripts.map((s) => s.hash)).size;
  console.log(`netlify.toml written: ${manifest.redirects.length} redirects, ${hashes} inline script hashes.`);
}
