// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';
import { readManifest } from './src/lib/manifest.ts';
import { sitemapRules } from './src/lib/sitemap.ts';
import { astroCsp, originOf } from './src/lib/security.ts';

// Routes, redirects and sitemap metadata all come from content/ (one source).
// CONTENT_DIR and OUT_DIR let tests and the build benchmark build from a copy of content/.
const manifest = readManifest(process.env.CONTENT_DIR ?? 'content');
const site = process.env.SITE_URL || manifest.site.host;

// The Supabase project the pages are built for (.env, .env.<mode> or the environment) goes
// into the CSP's connect-src. astro.config cannot see import.meta.env, so load it like Vite does.
const argv = process.argv;
const mode = argv.includes('--mode') ? argv[argv.indexOf('--mode') + 1] : argv.includes('dev') ? 'development' : 'production';
const env = { ...loadEnv(mode, process.cwd(), 'PUBLIC_'), ...process.env };
const supabase = originOf(env.PUBLIC_SUPABASE_URL);

/** Hydrate an island on first interaction (see src/directives/interaction.ts). @type {import('astro').AstroIntegration} */
const interactionDirective = {
  name: 'client-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({ name: 'interaction', entrypoint: './src/directives/interaction.ts' }),
  },
};

export default defineConfig({
  site,
  output: 'static',
  outDir: process.env.OUT_DIR ?? './dist',
  // One trailing-slash rule for links, canonicals and the sitemap: never.
  trailingSlash: 'never',
  build: { format: 'file' },
  // Static hosts get meta-refresh pages; Netlify answers these with real 301s (netlify.toml).
  redirects: Object.fromEntries(manifest.redirects.map((r) => [r.from, r.to])),
  integrations: [
    react(),
    interactionDirective,
    sitemap(sitemapRules(manifest, site, new Date())),
  ],
  // CSP <meta> on every page with hashes of Astro's inline scripts; netlify.toml sends the
  // same policy as a header (src/lib/security.ts, scripts/sync-netlify.mjs).
  security: { csp: astroCsp({ supabase }) },
  vite: { plugins: [tailwindcss()] },
});
