/**
 * dist/ served on a local port the way Netlify serves it, for the benchmark:
 * pretty URLs (/about -> about.html, src/lib/deploy/netlify.ts), gzip -9 when
 * the browser accepts it, and the headers the given rules set for each path.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runnerImport } from 'vite';

const { module: netlify } = await runnerImport('./src/lib/deploy/netlify.ts');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.xml', '.txt', '.json']);

/**
 * Starts the server on a free port of 127.0.0.1.
 * @param {{ dist: string, headerRules: import('../../src/lib/deploy/netlify.ts').HeaderRule[] }} options
 */
export async function serveDist({ dist, headerRules }) {
  const gzCache = new Map();
  const gz = (file) => {
    if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(file), { level: 9 }));
    return gzCache.get(file);
  };
  /** The file answering a request path: the page, or 404.html. */
  const fileFor = (pathname) => netlify.servedFile(dist, pathname) ?? join(dist, '404.html');

  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://localhost');
    let file = netlify.servedFile(dist, pathname);
    let status = 200;
    if (!file) {
      file = join(dist, '404.html');
      status = 404;
    }
    const ext = extname(file);
    const headers = { 'content-type': TYPES[ext] ?? 'application/octet-stream', ...netlify.headersFor(headerRules, pathname) };
    let body = readFileSync(file);
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      body = gz(file);
      headers['content-encoding'] = 'gzip';
      headers.vary = 'Accept-Encoding';
    }
    headers['content-length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${server.address().port}`;
  return {
    origin,
    /** gzip -9 bytes of what a URL of this server answers (0 for other origins). */
    gzipSize: (url) => {
      const u = new URL(url);
      return u.origin === origin ? gz(fileFor(u.pathname)).length : 0;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
