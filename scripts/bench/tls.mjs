/**
 * The benchmark's own certificate, so its server can speak HTTP/2 over TLS as
 * Netlify does (browsers speak HTTP/2 only over TLS): a self-signed P-256
 * certificate for localhost and 127.0.0.1, valid for two days, made with
 * Debian's `openssl` for each run (a few milliseconds) and trusted by the
 * benchmark's browsers only:
 * - Chromium by the hash of its public key (`--ignore-certificate-errors-spki-list`):
 *   Chromium then treats it as valid, so it caches, prefetches and prerenders as
 *   on a real site (`--ignore-certificate-errors` would keep the error, and
 *   Chromium caches nothing from a connection with one);
 * - Firefox by an exception in the bench's own profile (`cert_override.txt`,
 *   the file Firefox writes when a visitor accepts a certificate);
 * - Playwright's contexts by `ignoreHTTPSErrors` where there is no flag to give.
 */
import { spawnSync } from 'node:child_process';
import { X509Certificate, createHash } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Makes the certificate; throws with what to install when `openssl` is missing. */
export function makeCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tls-'));
  try {
    const result = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-addext',
        'extendedKeyUsage=serverAuth',
        '-addext',
        'basicConstraints=critical,CA:FALSE',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { encoding: 'utf8' },
    );
    if (result.error || result.status !== 0)
      throw new Error(
        `the bench's certificate needs openssl (Debian: apt-get install openssl), or run the bench with --http1: ${result.error?.message ?? result.stderr}`,
      );
    const key = readFileSync(join(dir, 'key.pem'));
    const cert = readFileSync(join(dir, 'cert.pem'));
    const x509 = new X509Certificate(cert);
    const spki = createHash('sha256')
      .update(x509.publicKey.export({ type: 'spki', format: 'der' }))
      .digest('base64');
    return { key, cert, spki, fingerprint256: x509.fingerprint256 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Chromium's flag that trusts the certificate (whose public key hash is `spki`). */
export const chromiumTrust = (spki) => [`--ignore-certificate-errors-spki-list=${spki}`];

/** Trusts the certificate in a Firefox profile, for each host:port it is served on. */
export function firefoxTrust(profile, fingerprint256, hosts) {
  const lines = hosts.map((host) => `${host}:\tOID.2.16.840.1.101.3.4.2.1\t${fingerprint256}\t\n`);
  appendFileSync(join(profile, 'cert_override.txt'), `# PSM Certificate Override Settings file\n${lines.join('')}`);
}
