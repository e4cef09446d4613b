/**
 * A deploy, simulated while the test build is served (no second build): the
 * build's hashed scripts (/_astro/*.js) are renamed as a new build's would be,
 * so the old names answer 404 (Netlify keeps no old assets) and pages loaded
 * afterwards, and the scripts they load, name the new ones. The Chromium
 * tests apply it by request interception (tests/e2e/fixtures.ts `deploy`), the
 * Firefox and WebKit server while serving (tests/engines/site-server.ts).
 */
import { distFiles } from './site-under-test';

let names: Set<string> | undefined;
/** The file names of the build's scripts in /_astro/. */
const scriptNames = () =>
  (names ??= new Set(
    distFiles()
      .filter((file) => file.startsWith('_astro/') && file.endsWith('.js'))
      .map((file) => file.slice('_astro/'.length)),
  ));

const SUFFIX = /-deploy(\d+)\.js$/;

/** A script's name in deploy `n` (0: the build's own). */
export const renamed = (name: string, n: number) => (n === 0 ? name : name.replace(/\.js$/, `-deploy${n}.js`));

/** Page or script text naming the scripts of deploy `n`. */
export function nameScriptsOf(text: string, n: number): string {
  if (n === 0) return text;
  const scripts = scriptNames();
  return text.replace(/[\w.-]+\.js/g, (name) => (scripts.has(name) ? renamed(name, n) : name));
}

/**
 * What a request for /_astro/<name> is in deploy `n`: the build's file it is served from, or 404
 * (a script of another deploy); undefined for a file that is not a script of the build.
 */
export function scriptOf(name: string, n: number): { file: string } | { gone: true } | undefined {
  const deployed = SUFFIX.exec(name);
  const original = deployed ? name.replace(SUFFIX, '.js') : name;
  if (!scriptNames().has(original)) return undefined;
  return Number(deployed?.[1] ?? 0) === n ? { file: `_astro/${original}` } : { gone: true };
}
