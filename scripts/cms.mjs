#!/usr/bin/env node
/**
 * `npm run cms`: the CMS on this working copy, with no account and no server
 * of its own. It starts the site (`astro dev`, which serves /admin and reloads
 * pages as content/ changes) and says how to open the editor. On localhost the
 * CMS offers "Work with Local Repository": the browser's folder picker opens
 * this folder (the one holding .git) and the CMS reads and writes content/ in
 * it directly. Chromium-based browsers only (Chrome, Edge, Opera; Brave once
 * its File System Access flag is on); Firefox and Safari have no folder
 * picker, so their editors use the GitHub login on the live site.
 *
 *   npm run cms [-- --port 4322]
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const folder = resolve('.');
console.log(`
  The CMS on your working copy
  1. Open the "Local" address printed below, followed by /admin (e.g. http://localhost:4321/admin),
     in Chrome, Edge or another Chromium-based browser.
  2. Press "Work with Local Repository" and pick this folder, the one that holds .git:
       ${folder}
  3. Edit and save: the files in content/ change at once, and the site's pages reload.
     Review them with \`git diff\`, run \`npm test\`, commit and push as usual.
  Firefox and Safari cannot open a folder: use the GitHub login on the live site's /admin instead.
`);

const astro = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => astro.kill(signal));
astro.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
