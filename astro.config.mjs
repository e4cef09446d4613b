// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';
import { contentCheckOnChange } from './src/lib/content/check-content.ts';
import { manifestProblems, readManifest } from './src/lib/routes/manifest.ts';
import { readPublished, redirectPages } from './src/lib/routes/published.ts';
import { isPreviewContext } from './src/lib/content/publishing.ts';
import { sitemapRules } from './src/lib/routes/sitemap.ts';
import { gitLastmod } from './src/lib/routes/lastmod.ts';
import { astroCsp, originOf } from './src/lib/deploy/csp.ts';
import { cardPages, deployFiles } from './src/lib/deploy/integration.ts';
import { speculationRules, unspeculatedPaths } from './src/lib/routes/speculation.ts';
import { islandLoading } from './src/lib/islands/integration.ts';
import { editorPicturesIntegration } from './src/lib/images/vite-plugin.ts';
import { shownPictures } from './src/lib/content/read.ts';

// Routes, redirects and sitemap metadata all come from content/ (one source).
// CONTENT_DIR and OUT_DIR let tests and the build benchmark build from a copy of content/.
const contentDir = process.env.CONTENT_DIR ?? 'content';
// One time for the whole build, so every page, list and file agrees on which scheduled entries are live
// (src/lib/content/publishing.ts; BUILD_TIME given by tests and the benchmark). `astro dev` keeps the clock running.
if (process.argv.includes('build') && !process.env.BUILD_TIME) process.env.BUILD_TIME = new Date().toISOString();
// Reading the manifest checks every content file, placeholders filled, against its schema: one
// error that lists every problem (file › field: problem — the field's description) before anything else runs.
const manifest = readManifest(contentDir);
const argv = process.argv;
const mode = argv.includes('--mode') ? argv[argv.indexOf('--mode') + 1] : argv.includes('dev') ? 'development' : 'production';
// Every path earlier builds published (the git history of content/) and what each answers now: 301, 410,
// or its page again; the editors' redirects checked, each problem in the same lines (src/lib/routes/published.ts).
// A production build of the repository's content/ stops when git cannot give that history in full (it would
// publish no 301 and no 410); dev, test builds and copies of content/ (CONTENT_DIR) go on with a warning.
const requireHistory = argv.includes('build') && mode === 'production' && !process.env.CONTENT_DIR;
const published = readPublished(manifest, contentDir, process.env, { requireHistory });
console.log(
  `published paths: ${published.history.paths} from ${published.history.commits} content commits${published.history.shallow ? ' (a shallow clone: paths before it are unknown)' : ''}${published.history.source === 'none' ? ' (no git history)' : ''}; ${published.moved.length} moved, ${published.gone.length} gone, ${manifest.scheduled.length} scheduled, in ${published.history.milliseconds.toFixed(0)} ms`,
);
if (published.history.problem) console.warn(`warning: ${published.history.problem}`);
const site = process.env.SITE_URL || manifest.site.host;
// Pages never loaded before their click: left out of the speculation rules (dist/_headers) and of the
// other engines' prefetch (src/lib/routes/prefetch-on-intent.ts, which gets the list at build time).
const unspeculated = unspeculatedPaths(manifest.routes);

// The Supabase project the pages are built for (.env, .env.<mode> or the environment) goes
// into the CSP's connect-src, in each page's <meta> and in its header (dist/_headers).
// astro.config cannot see import.meta.env, so load it like Vite does.
const env = { ...loadEnv(mode, process.cwd(), 'PUBLIC_'), ...process.env };
const supabase = originOf(env.PUBLIC_SUPABASE_URL);

/**
 * Hydrate an island on first interaction (src/directives/interaction.ts), and a form island the same way,
 * keeping what the visitor does meanwhile and fetching its code ahead (src/directives/form.ts).
 * @type {import('astro').AstroIntegration}
 */
const interactionDirectives = {
  name: 'client-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: './src/directives/interaction.ts' });
      addClientDirective({ name: 'form', entrypoint: './src/directives/form.ts' });
    },
  },
};

export default defineConfig({
  site,
  output: 'static',
  outDir: process.env.OUT_DIR ?? './dist',
  // One trailing-slash rule for links, canonicals and the sitemap: never.
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [
    // In astro dev: the same check after every edit under content/ (the manifest's: paths and scheduled entries too).
    contentCheckOnChange(contentDir, manifestProblems),
    // Editors' pictures the pages show, as image modules for astro:assets (src/lib/images/).
    editorPicturesIntegration({ contentDir, shown: () => shownPictures(contentDir) }),
    react(),
    interactionDirectives,
    sitemap(sitemapRules(manifest, site, gitLastmod(contentDir))),
    // Each form island's module graph on its element, fetched before the first interaction, and the
    // recovery script, unhashed (src/lib/islands/): before the deploy files, which read the pages' final HTML.
    islandLoading(),
    // dist/_headers (each page's CSP from its own HTML) and dist/_redirects (the paths of earlier builds: moved
    // ones, with a meta-refresh page each for static hosts, and gone ones, whose pages are src/pages/[...gone].astro),
    // and dist/publishing.json for the rebuild trigger.
    // Also dist/speculation-rules.json, which every page names in its Speculation-Rules header.
    // And dist/social-cards/: every page's social card, drawn from its title (src/lib/social-cards/).
    deployFiles({
      published,
      redirectPages: redirectPages(published.moved, manifest.routes, site),
      // Netlify's deploy previews and branch deploys: noindex, header and meta (canonicals stay on `site`).
      preview: isPreviewContext(process.env.CONTEXT),
      speculationRules: speculationRules(unspeculated),
      supabase,
      socialCards: { pages: cardPages(manifest.routes), site: manifest.site, host: site },
    }),
  ],
  // CSP <meta> on every page with hashes of Astro's inline scripts; dist/_headers sends the
  // same policy as a header (src/lib/deploy/csp.ts).
  security: { csp: astroCsp({ supabase }) },
  // Editors' pictures go through astro:assets with sharp (src/lib/images/). AVIF at sharp's fastest effort: measured on
  // a 720 px photo, 11% more bytes than its default effort in a twentieth of the time (seconds a version otherwise).
  image: { service: { entrypoint: 'astro/assets/services/sharp', config: { avif: { effort: 0 } } } },
  vite: {
    plugins: [tailwindcss()],
    define: {
      __UNSPECULATED_PATHS__: JSON.stringify(unspeculated),
      __PUBLISHED_PATHS__: JSON.stringify({
        moved: published.moved.map(({ from, to }) => ({ from, to })),
        gone: published.gone.map(({ path, page, kind, title, section }) => ({ path, page, kind, title, section })),
      }),
    },
  },
});
