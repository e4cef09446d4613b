/**
 * dist/ served on a local port the way Netlify serves it, for the benchmark:
 * HTTP/2 over TLS (the bench's own certificate, ./tls.mjs; HTTP/1.1 over TLS for a
 * client that offers nothing else), or plain HTTP/1.1 as before with `protocol: 'http1'`;
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
import { createSecureServer } from 'node:http2';
import { readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { runnerImport } from 'vite';
import { chromiumTrust, firefoxTrust, makeCertificate } from './tls.mjs';

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

/** The protocols the server speaks: `h2` (HTTP/2 over TLS, as Netlify; the default) or `http1` (plain HTTP/1.1). */
export const PROTOCOLS = ['h2', 'http1'];

/**
 * Starts the server on a free port of 127.0.0.1.
 * @param {{ dist: string, headerRules: import('../../src/lib/deploy/netlify.ts').HeaderRule[],
 *   throttle?: { rttMs: number, kbps: number }, probe?: boolean, protocol?: 'h2' | 'http1' }} options
 */
export async function serveDist({ dist, headerRules, throttle, probe = false, protocol = 'h2' }) {
  if (!PROTOCOLS.includes(protocol)) throw new Error(`protocol ${protocol}: one of ${PROTOCOLS.join(', ')}`);
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

  const tls = protocol === 'h2' ? makeCertificate() : undefined;
  const server = tls ? createSecureServer({ key: tls.key, cert: tls.cert, allowHTTP1: true }, answer) : createServer(answer);
  // An HTTP/2 server has no closeAllConnections(): its sessions (and HTTP/1.1 sockets) are closed one by one.
  const open = new Set();
  server.on(tls ? 'session' : 'connection', (connection) => {
    open.add(connection);
    connection.once('close', () => open.delete(connection));
  });
  if (tls)
    server.on('secureConnection', (socket) => {
      if (socket.alpnProtocol !== 'h2') {
        open.add(socket);
        socket.once('close', () => open.delete(socket));
      }
    });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const scheme = tls ? 'https' : 'http';
  return {
    origin: `${scheme}://localhost:${port}`,
    /** The same server by IP: Firefox may try localhost on ::1 first, where nothing listens. */
    ipOrigin: `${scheme}://127.0.0.1:${port}`,
    protocol,
    /** Chromium's flags that trust the server's certificate (none over plain HTTP). */
    chromiumFlags: tls ? chromiumTrust(tls.spki) : [],
    /** Makes a Firefox profile trust the server's certificate (nothing over plain HTTP). */
    trustInFirefox: (profile) => tls && firefoxTrust(profile, tls.fingerprint256, [`localhost:${port}`, `127.0.0.1:${port}`]),
    /** Requests and probe reports so far (see above), and the switch for the speculation. */
    state,
    /** gzip -9 bytes of what a URL of this server answers (0 for other origins). */
    gzipSize: (url) => {
      const u = new URL(url);
      return u.port === String(port) ? body(fileFor(u.pathname), 'gzip').length : 0;
    },
    close: () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const connection of open) connection.destroy();
      return closed;
    },
  };
}
