/**
 * dist/ served on a local port the way Netlify serves it, for the benchmark:
 * pretty URLs (/about -> about.html, src/lib/deploy/dist-folder.ts), text files
 * compressed as Netlify compresses them (brotli when the browser accepts it, as
 * Chromium and Firefox do, else gzip), the headers the build publishes for each path
 * (netlify.toml and dist/_headers: CSP, Speculation-Rules, …), and an ETag
 * answered with 304 when the browser revalidates, as Netlify does.
 *
 * For the next-page figure (scripts/bench/next-page.mjs) it can also:
 * - throttle: hold each response for one round trip plus its transfer time at
 *   the given bandwidth, the same for every browser and every request
 *   (speculative ones included);
 * - probe: add scripts/bench/probe.js to each page, which reports the page's
 *   timings to /__bench/report;
 * - speculation off: send no Speculation-Rules header and refuse the other
 *   engines' prefetches (`Purpose: prefetch`, src/lib/routes/prefetch-on-intent.ts),
 *   which measures the same build without either.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { runnerImport } from 'vite';

const { module: netlify } = await runnerImport('./src/lib/deploy/netlify.ts');
const { module: site } = await runnerImport('./src/lib/deploy/dist-folder.ts');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.xml', '.txt', '.json']);
const PROBE = readFileSync(new URL('./probe.js', import.meta.url));
const PROBE_TAG = '<script type="module" src="/__bench/probe.js"></script>';

/**
 * Starts the server on a free port of 127.0.0.1.
 * @param {{ dist: string, headerRules: import('../../src/lib/deploy/netlify.ts').HeaderRule[],
 *   throttle?: { rttMs: number, kbps: number }, probe?: boolean }} options
 */
export async function serveDist({ dist, headerRules, throttle, probe = false }) {
  const cache = new Map();
  /** The bytes a file is served with: the probe added to pages when asked, compressed with `encoding` (br, gzip or none). */
  const body = (file, encoding) => {
    const key = `${file}\n${encoding}`;
    if (!cache.has(key)) {
      let bytes = readFileSync(file);
      if (probe && extname(file) === '.html') bytes = Buffer.from(bytes.toString('utf8').replace('</head>', `${PROBE_TAG}</head>`));
      if (encoding === 'gzip') bytes = gzipSync(bytes, { level: 9 });
      if (encoding === 'br') bytes = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      cache.set(key, bytes);
    }
    return cache.get(key);
  };
  const isFile = (file) => statSync(join(dist, file), { throwIfNoEntry: false })?.isFile() ?? false;
  /** The file of `dist` Netlify serves for a request path, or undefined (a 404). */
  const servedFile = (pathname) => {
    let path;
    try {
      path = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    const file = site.servedFile(path, isFile);
    return file && join(dist, file);
  };
  /** The file answering a request path: the page, or the not-found page. */
  const fileFor = (pathname) => servedFile(pathname) ?? join(dist, site.NOT_FOUND_FILE);
  const state = { speculation: true, requests: [], reports: [] };

  const answer = (req, res) => {
    const { pathname } = new URL(req.url, 'http://localhost');
    if (pathname === '/__bench/probe.js') return send(res, 200, { 'content-type': TYPES['.js'] }, PROBE);
    if (pathname === '/__bench/report' && req.method === 'POST') {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        state.reports.push({ ...JSON.parse(text), received: Date.now() });
        send(res, 204, {}, Buffer.alloc(0));
      });
      return;
    }
    const purpose = req.headers.purpose ?? req.headers['sec-purpose'] ?? '';
    const record = { method: req.method, path: pathname, purpose, status: 200, at: Date.now() };
    state.requests.push(record);
    if (!state.speculation && req.headers.purpose === 'prefetch') {
      record.status = 503;
      return later(req, res, 503, { 'cache-control': 'no-store' }, Buffer.alloc(0));
    }
    let file = servedFile(pathname);
    if (!file) {
      file = join(dist, site.NOT_FOUND_FILE);
      record.status = 404;
    }
    const ext = extname(file);
    const headers = { 'content-type': TYPES[ext] ?? 'application/octet-stream' };
    for (const [name, value] of Object.entries(netlify.headersFor(headerRules, pathname))) headers[name.toLowerCase()] = value;
    if (!state.speculation) delete headers['speculation-rules'];
    const accepted = req.headers['accept-encoding'] ?? '';
    const encoding = !COMPRESSIBLE.has(ext) ? '' : /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : '';
    const bytes = body(file, encoding);
    if (encoding) {
      headers['content-encoding'] = encoding;
      headers.vary = 'Accept-Encoding';
    }
    headers.etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
    if (record.status === 200 && req.headers['if-none-match'] === headers.etag) {
      record.status = 304;
      const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => ['etag', 'cache-control', 'vary'].includes(name)));
      return later(req, res, 304, kept, Buffer.alloc(0));
    }
    headers['content-length'] = bytes.length;
    later(req, res, record.status, headers, req.method === 'HEAD' ? Buffer.alloc(0) : bytes);
  };
  const send = (res, status, headers, bytes) => {
    res.writeHead(status, headers);
    res.end(bytes);
  };
  /** Sends after a round trip and the transfer time of `bytes`, when throttled. */
  const later = (req, res, status, headers, bytes) => {
    if (!throttle) return send(res, status, headers, bytes);
    const delay = throttle.rttMs + (bytes.length * 8) / throttle.kbps;
    setTimeout(() => send(res, status, headers, bytes), delay);
  };

  const server = createServer(answer);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    origin: `http://localhost:${port}`,
    /** The same server by IP: Firefox may try localhost on ::1 first, where nothing listens. */
    ipOrigin: `http://127.0.0.1:${port}`,
    /** Requests and probe reports so far (see above), and the switch for the speculation. */
    state,
    /** gzip -9 bytes of what a URL of this server answers (0 for other origins). */
    gzipSize: (url) => {
      const u = new URL(url);
      return u.port === String(port) ? body(fileFor(u.pathname), 'gzip').length : 0;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
