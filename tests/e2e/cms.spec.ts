/**
 * The editors' studio end to end: the built /admin (Decap CMS) with its local
 * proxy (decap-server, what `npm run cms` starts) editing a temporary copy of
 * content/. An editor opens a product, changes its card description and
 * publishes: the file on disk changes, and the copy still builds. A value
 * over the schema's limit is refused in the editor with that limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { CMS_PROXY_ORIGIN } from '../../src/lib/deploy/csp';
import { buildCopy } from '../support/build-copy';

const PRODUCT = 'newsbox';

/** A free local port for the proxy (the default 8081 may be an editor's own `npm run cms`). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForProxy(url: string) {
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'info' }),
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`decap-server did not start at ${url}`);
}

const frontmatter = (file: string) => parseYaml(/^---\n([\s\S]*?)\n---/.exec(readFileSync(file, 'utf8'))![1]) as Record<string, unknown>;

test.describe('CMS at /admin, local mode', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  test.skip(({ isMobile }) => isMobile, 'the editor is checked on desktop');

  let repo: string;
  let proxy: ChildProcess;
  let port: number;
  const file = () => join(repo, 'content', 'products', `${PRODUCT}.md`);

  test.beforeAll(async () => {
    repo = mkdtempSync(join(tmpdir(), 'corvana-cms-'));
    cpSync('content', join(repo, 'content'), { recursive: true });
    port = await freePort();
    proxy = spawn(process.execPath, ['node_modules/decap-server/dist/index.js'], {
      env: { ...process.env, PORT: String(port), MODE: 'fs', GIT_REPO_DIRECTORY: repo, LOG_LEVEL: 'error' },
      stdio: 'ignore',
    });
    await waitForProxy(`http://localhost:${port}/api/v1`);
  });

  test.afterAll(() => {
    proxy?.kill();
    if (repo) rmSync(repo, { recursive: true, force: true });
  });

  /** The built /admin talks to the proxy at its default address; send that to this test's proxy. */
  async function openProduct(page: Page) {
    await page.route(`${CMS_PROXY_ORIGIN}/api/v1**`, (route) =>
      route.continue({ url: route.request().url().replace(CMS_PROXY_ORIGIN, `http://localhost:${port}`) }),
    );
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('link', { name: 'Products' }).first().click();
    const title = frontmatter(file()).title as string;
    await page
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click();
    const description = page.getByLabel('Description', { exact: true }).first();
    await expect(description).toHaveValue(frontmatter(file()).description as string);
    return description;
  }

  async function publish(page: Page) {
    await page.getByRole('button', { name: 'Publish' }).first().click();
    await page.getByText('Publish now', { exact: true }).click();
  }

  test('an editor changes a product description and the file on disk changes', async ({ page }) => {
    const before = readFileSync(file(), 'utf8');
    const description = await openProduct(page);
    const changed = 'Personalized news from every source you follow, summarized by AI agents and delivered each morning.';
    await description.fill(changed);
    await publish(page);
    await expect.poll(() => frontmatter(file()).description, { timeout: 20_000 }).toBe(changed);
    // The rest of the file is the same content: the other fields and the body survive the round trip.
    const after = frontmatter(file());
    const original = parseYaml(/^---\n([\s\S]*?)\n---/.exec(before)![1]) as Record<string, unknown>;
    expect({ ...after, description: original.description }).toEqual(original);
    expect(
      readFileSync(file(), 'utf8')
        .split(/\n---\n/)[1]
        .trim(),
    ).toBe(before.split(/\n---\n/)[1].trim());
  });

  test('a description over the schema limit is refused with the limit', async ({ page, problems }) => {
    const before = readFileSync(file(), 'utf8');
    const description = await openProduct(page);
    await description.fill('x'.repeat(301));
    await publish(page);
    await expect(page.getByText('Must be 20–300 characters.').first()).toBeVisible();
    expect(readFileSync(file(), 'utf8')).toBe(before);
    // Decap rejects its save with no reason when validation refuses an entry: that one
    // rejection is the refusal itself, any other page error still fails the test.
    expect(problems.pageErrors.filter((e) => e !== 'undefined')).toEqual([]);
    problems.pageErrors.splice(0);
  });

  test('the edited copy builds', async () => {
    const out = join(repo, 'dist');
    const build = buildCopy({ root: repo, contentDir: join(repo, 'content'), out });
    expect(build.status, build.output).toBe(0);
    const html = readFileSync(join(out, 'products.html'), 'utf8');
    expect(html).toContain('Personalized news from every source you follow');
  });
});
