/**
 * Serves the test build (dist/) to Firefox and WebKit the way Netlify would:
 * pretty URLs (/about -> about.html), the rules of dist/_redirects (301s of
 * old paths, 410s with their gone pages, a forced rule over a file at its
 * path: src/lib/deploy/netlify.ts netlifyAnswer), the 404 page with status
 * 404, and each response's headers from netlify.toml and dist/_headers (each
 * page's Content-Security-Policy as a real header, on top of its <meta>).
 *
 * Three differences from the published files, all made while serving:
 * - the build's Supabase URL (.env.test) becomes the local stub's origin, in
 *   the pages' CSP (meta and header) and in the scripts, so the forms and the
 *   sign-in card talk to the stub under the same policy (the URL sits in no
 *   hashed inline script, so every hash still matches);
 * - a probe script (probe.js, served from this origin, so the policy allows
 *   it) is the first thing in each page's <head>: classic WebDriver has no
 *   console, so the probe records errors and CSP violations for the tests;
 * - pages are sent `Cache-Control: no-cache` instead of their published
 *   freshness (a minute): one tab runs all of a worker's tests, and each test
 *   must load its pages from this server (`npm run bench` measures the
 *   freshness).
 * Text is compressed as Netlify compresses it (brotli or gzip, as the browser
 * accepts), so the engines decode what a visitor's browser decodes.
 * Every request is logged with its status, so the tests also see assets that
 * failed to load.
 *
 * `deploy()` publishes a new version while serving (tests/support/deploy.ts):
 * from then on the build's scripts answer 404 and pages (and the scripts they
 * load) name renamed ones, served from the same files; each test starts on
 * the build's own names.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { headersFor, netlifyAnswer, parseRedirectsFile } from '../../src/lib/deploy/netlify';
import { NOT_FOUND_FILE, servedFile } from '../../src/lib/deploy/dist-folder';
import { DIST, distFiles, publishedHeaderRules, requireDist } from '../support/site-under-test';
import { nameScriptsOf, scriptOf } from '../support/deploy';

export const PROBE_PATH = '/__engines/probe.js';
/** A blank page of this origin, to reset storage between tests. */
export const BLANK_PATH = '/__engines/blank';
const PROBE_SOURCE = readFileSync(new URL('./probe.js', import.meta.url), 'utf8');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};
const TEXT = /^(text\/|application\/(json|xml|manifest))/;

/** The encoding to send text in: brotli or gzip, as the request accepts (a quick brotli: the tests time nothing). */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (/\bbr\b/.test(acceptEncoding ?? '')) return 'br';
  if (/\bgzip\b/.test(acceptEncoding ?? '')) return 'gzip';
  return undefined;
}
const compress = (body: string | Buffer, encoding: 'br' | 'gzip') =>
  encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body);

export interface ServedRequest {
  method: string;
  /** Path and query as requested. */
  url: string;
  status: number;
}

export interface SiteServer {
  origin: string;
  /** Every request since the last clearLog(). */
  log: ServedRequest[];
  clearLog(): void;
  /** Publish a new deploy: the scripts pages name until now are gone. */
  deploy(): void;
  /** Back to the build's own script names (each test starts there). */
  undeploy(): void;
  close(): Promise<void>;
}

/** The file of dist/ a path resolves to, as Netlify does with pretty URLs; undefined for a 404. */
const resolveFile = (path: string) => servedFile(path, (file) => existsSync(join(DIST, file)) && statSync(join(DIST, file)).isFile());

/**
 * @param fromOrigin the Supabase origin the build was made with
 * @param toOrigin   the origin to serve instead (the local stub)
 */
export async function startSiteServer(fromOrigin: string, toOrigin: string): Promise<SiteServer> {
  requireDist();
  // The rewrite must find the build's Supabase URL where the client reads it, or the forms would call the real host.
  const scripts = distFiles().filter((file) => file.startsWith('_astro/') && file.endsWith('.js'));
  if (!scripts.some((file) => readFileSync(join(DIST, file), 'utf8').includes(fromOrigin)))
    throw new Error(`no script in ${DIST}/_astro holds the build's Supabase URL ${fromOrigin}: was it built with \`npm run build:test\`?`);

  const rules = publishedHeaderRules();
  const redirects = parseRedirectsFile(readFileSync(join(DIST, '_redirects'), 'utf8'));
  const rewrite = (text: string) => text.replaceAll(fromOrigin, toOrigin);
  const log: ServedRequest[] = [];
  // Each deploy names scripts no earlier one did, so the browser's cache (scripts are immutable) cannot hide it.
  let latest = 0;
  let deployed = 0;
  // What a file is sent as in a deploy and an encoding: the same every time.
  const compressed = new Map<string, Buffer>();

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site');
    const reply = (status: number, type: string, body: Buffer | string, headers: Record<string, string> = {}) => {
      log.push({ method: request.method ?? '', url: url.pathname + url.search, status });
      response.writeHead(status, { 'content-type': type, ...headers });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (url.pathname === PROBE_PATH) return reply(200, TYPES['.js'], PROBE_SOURCE, { 'cache-control': 'no-store' });
    if (url.pathname === BLANK_PATH)
      return reply(200, TYPES['.html'], `<!doctype html><head><script src="${PROBE_PATH}"></script><title>blank</title></head>`);

    const script = url.pathname.startsWith('/_astro/') ? scriptOf(url.pathname.slice('/_astro/'.length), deployed) : undefined;
    if (script && 'gone' in script) return reply(404, TYPES['.html'], 'Not Found');
    const answer = script?.file
      ? { status: 200, file: script.file }
      : netlifyAnswer(decodeURIComponent(url.pathname), redirects, resolveFile, NOT_FOUND_FILE);
    if (answer.location) return reply(answer.status, 'text/plain; charset=utf-8', '', { Location: answer.location });
    const status = answer.status;
    const served = answer.file ?? NOT_FOUND_FILE;
    const type = TYPES[extname(served)] ?? 'application/octet-stream';
    const headers = Object.fromEntries(Object.entries(headersFor(rules, url.pathname)).map(([name, value]) => [name, rewrite(value)]));
    // Every test's page load reaches this server (see above): the published freshness would let the tab reuse a page.
    if (type.startsWith('text/html')) headers['Cache-Control'] = 'no-cache';
    const encoding = TEXT.test(type) ? encodingFor(request.headers['accept-encoding']) : undefined;
    const key = `${served} ${deployed} ${encoding}`;
    if (encoding) Object.assign(headers, { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' });
    if (compressed.has(key)) return reply(status, type, compressed.get(key)!, headers);
    let body: Buffer | string = readFileSync(join(DIST, served));
    if (TEXT.test(type)) {
      body = nameScriptsOf(rewrite(body.toString('utf8')), deployed);
      if (type.startsWith('text/html')) body = body.replace(/<head(\s[^>]*)?>/i, (head) => `${head}<script src="${PROBE_PATH}"></script>`);
    }
    if (encoding) compressed.set(key, (body = compress(body, encoding)));
    return reply(status, type, body, headers);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    clearLog: () => void (log.length = 0),
    deploy: () => void (deployed = ++latest),
    undeploy: () => void (deployed = 0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
