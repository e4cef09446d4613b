/**
 * The editors' studio at /admin (Sveltia CMS), end to end in a real browser
 * under the headers the build publishes (tests/e2e/published-headers.ts):
 *
 * - Production sign-in: the GitHub login through Netlify's OAuth popup, with
 *   Netlify and the GitHub API answered by stubs (tests/e2e/github-mock.ts),
 *   ends in the editor's collections; with the public pages' opener policy
 *   (`same-origin`) on /admin the popup loses its opener and the editor never
 *   signs in, which is why /admin has its own.
 * - Local editing: the folder picker (stubbed) hands the CMS a working copy
 *   held in the browser's private file system (OPFS): content/ of this
 *   repository and a .git folder. An editor changes a product's description
 *   and saves: the file changes in that field only; a description over the
 *   schema's limit is refused with the limit; Astro's content layer (the
 *   reading half of a build, `astro sync`) takes the edited copy and reads the
 *   new description from it.
 *
 * The CMS asks for its fonts from a CDN before its bundled copies: the policy
 * refuses those three, which is expected and the only violation allowed.
 */
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse as parseYaml } from 'yaml';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { applyPublishedHeaders, violations } from './published-headers';
import { mockGitHubSignIn, mockGitHubStatus, EDITOR } from './github-mock';
import { ADMIN_PATH } from '../../src/lib/deploy/csp';
import type { CmsConfig } from '../../src/lib/cms/config';
import { checkDocument } from '../../src/lib/content/validate';
import { placeholderValues } from '../../src/lib/content/placeholders';
import { productSchemaWith } from '../../src/lib/content/schemas';
import { readProductCategories, readSite } from '../../src/lib/content/read';
import { syncCopy } from '../support/build-copy';
import { DIST } from '../support/site-under-test';

const config = JSON.parse(readFileSync(join(DIST, 'admin', 'config.json'), 'utf8')) as CmsConfig;
const COLLECTIONS = config.collections.map((c) => c.label);
const CDN_FONT = /^https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\//;
const PRODUCT_FILE = 'content/products/newsbox.md';
const productSchema = productSchemaWith(readProductCategories('content'));
const values = placeholderValues(readSite('content'));

const frontmatter = (text: string) => parseYaml(/^---\n([\s\S]*?)\n---/.exec(text)![1]) as Record<string, unknown>;
const body = (text: string) => text.replace(/^---\n[\s\S]*?\n---\n/, '').trim();

/** Tallies the JavaScript the page loads from the site: files and gzip bytes, printed by the tests. */
function javascriptLoaded(page: Page) {
  const files = new Map<string, number>();
  page.on('response', async (r) => {
    if (new URL(r.url()).hostname === 'localhost' && r.url().endsWith('.js'))
      files.set(r.url(), gzipSync(await r.body(), { level: 9 }).length);
  });
  return () => {
    const gzip = [...files.values()].reduce((a, b) => a + b, 0);
    return `${files.size} files, ${(gzip / 1024).toFixed(1)} KB gzip`;
  };
}

/** The CSP violations of the page other than the refused CDN fonts. */
async function unexpectedViolations(page: Page) {
  const all = await violations(page);
  expect(all.filter((v) => v.directive === 'font-src').length, 'the CMS asks for its CDN fonts').toBeGreaterThan(0);
  return all.filter((v) => !(v.directive === 'font-src' && CDN_FONT.test(v.blocked)));
}

test.describe('CMS at /admin', () => {
  test.describe.configure({ timeout: 120_000 });
  // The refused CDN fonts: Chromium reports each one on the console.
  test.use({ allowConsoleErrors: [/Loading the font 'https:\/\/cdn\.jsdelivr\.net\/fontsource\//] });
  test.afterEach(({ page }) => page.unrouteAll({ behavior: 'ignoreErrors' }));

  test.describe('production sign-in with GitHub through Netlify', () => {
    test('the editor signs in and sees the collections, under the headers the build publishes', async ({ page, problems }) => {
      const record = await mockGitHubSignIn(page.context(), config.backend);
      await applyPublishedHeaders(page);
      const warnings: string[] = [];
      page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
      const javascript = javascriptLoaded(page);

      const response = await page.goto(ADMIN_PATH);
      const headers = await response!.allHeaders();
      expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(headers['content-security-policy']).not.toContain("'unsafe-eval'");
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: /^Sign In with \W?GitHub\W?$/ }).click();
      // The popup keeps its opener and hands the token back; the CMS, holding it, closes the popup.
      const signIn = await popup;
      if (!signIn.isClosed()) await signIn.waitForEvent('close', { timeout: 30_000 });

      const collections = page.getByRole('tree', { name: 'Collection List' });
      for (const label of COLLECTIONS) await expect(collections.getByRole('treeitem', { name: label })).toBeVisible({ timeout: 30_000 });
      const newsbox = frontmatter(readFileSync(PRODUCT_FILE, 'utf8')).title as string;
      await expect(page.getByRole('row', { name: newsbox })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Show Account Menu' })).toBeVisible();

      // Netlify was asked for this site's GitHub login; GitHub answered the token's calls, REST and GraphQL.
      expect(record.authorizations.map((q) => Object.fromEntries(q))).toEqual([
        { provider: 'github', site_id: 'cms.netlify.com', scope: 'repo,user' },
      ]);
      expect(record.unexpected).toEqual([]);
      expect(record.calls.slice(0, 5)).toEqual([
        'GET /user',
        `GET /repos/${config.backend.repo}/collaborators/${EDITOR.login}`,
        'POST /graphql (last commit)',
        expect.stringMatching(new RegExp(`^GET /repos/${config.backend.repo}/git/trees/[0-9a-f]{40}$`)),
        'POST /graphql (file contents)',
      ]);
      await page.waitForLoadState('networkidle');
      expect(await unexpectedViolations(page), 'CSP violations').toEqual([]);
      expect(problems.blockedRequests, 'requests to hosts the stubs do not answer').toEqual([]);
      // Sveltia warns about configuration options it ignores or misreads: there must be none.
      expect(warnings).toEqual([]);

      const shown = ['content-security-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'x-frame-options'];
      console.log(`/admin response headers:\n${shown.map((name) => `  ${name}: ${headers[name]}`).join('\n')}`);
      console.log(`/admin JavaScript loaded through sign-in: ${javascript()}`);
    });

    test('with the public opener policy (same-origin) on /admin the popup loses its opener and the editor stays signed out', async ({
      page,
      problems,
    }) => {
      const record = await mockGitHubSignIn(page.context(), config.backend);
      await applyPublishedHeaders(page, { path: ADMIN_PATH, headers: { 'Cross-Origin-Opener-Policy': 'same-origin' } });
      const response = await page.goto(ADMIN_PATH);
      expect((await response!.allHeaders())['cross-origin-opener-policy']).toBe('same-origin');
      const aborted = page.waitForEvent('console', (m) => /Authentication aborted/.test(m.text()));
      const popup = page.context().waitForEvent('page');
      await page.getByRole('button', { name: /^Sign In with \W?GitHub\W?$/ }).click();
      const done = await popup;
      await done.waitForURL(/^https:\/\/api\.netlify\.com\/auth\?/);
      // Cut off from /admin: the token has nowhere to go, and the CMS gives the sign-in up.
      expect(await done.evaluate(() => window.opener)).toBeNull();
      await aborted;
      // It lost its handle on the popup too: the popup stays open, waiting.
      expect(done.isClosed()).toBe(false);
      expect(problems.consoleErrors.splice(0)).toEqual(['AbortError Authentication aborted undefined']);
      expect(record.authorizations).toHaveLength(1);
      expect(record.calls).toEqual([]);
      await expect(page.getByRole('button', { name: /^Sign In with \W?GitHub\W?$/ })).toBeVisible();
      await expect(page.getByRole('tree', { name: 'Collection List' })).toHaveCount(0);
    });
  });

  test.describe('local editing of a working copy', () => {
    test.describe.configure({ mode: 'serial' });
    const REPO = 'website';
    // The copy the tests edit, on disk between tests: each test's browser gets it in a fresh OPFS.
    let copy: string;
    test.beforeAll(() => {
      copy = mkdtempSync(join(tmpdir(), 'corvana-cms-'));
      for (const file of contentFiles('.')) {
        mkdirSync(join(copy, dirname(file)), { recursive: true });
        writeFileSync(join(copy, file), readFileSync(file));
      }
    });
    test.afterAll(() => rmSync(copy, { recursive: true, force: true }));

    /** The files of `root`/content, as paths from `root`. */
    function contentFiles(root: string): string[] {
      return readdirSync(join(root, 'content'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'));
    }

    /** Loads the copy into the origin's OPFS as `website/` (with a .git folder), and makes the folder picker return it. */
    async function openWorkingCopy(page: Page) {
      await mockGitHubStatus(page.context());
      await applyPublishedHeaders(page);
      await page.addInitScript((name) => {
        const w = window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle>; __picked: number };
        w.__picked = 0;
        w.showDirectoryPicker = async () => {
          w.__picked++;
          return (await navigator.storage.getDirectory()).getDirectoryHandle(name);
        };
      }, REPO);
      await page.goto('/robots.txt');
      const files = [
        ...contentFiles(copy).map((path) => ({ path, text: readFileSync(join(copy, path), 'utf8') })),
        { path: '.git/HEAD', text: 'ref: refs/heads/main\n' },
        { path: '.git/config', text: '[core]\n\trepositoryformatversion = 0\n\tbare = false\n' },
      ];
      await page.evaluate(
        async ({ name, files }) => {
          const root = await navigator.storage.getDirectory();
          await root.removeEntry(name, { recursive: true }).catch(() => undefined);
          const repo = await root.getDirectoryHandle(name, { create: true });
          for (const { path, text } of files) {
            const parts = path.split('/');
            let dir = repo;
            for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
            const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
            await writable.write(text);
            await writable.close();
          }
        },
        { name: REPO, files },
      );
      await page.goto(ADMIN_PATH);
      await page.getByRole('button', { name: 'Work with Local Repository' }).click();
      await expect(page.getByRole('tree', { name: 'Collection List' }).getByRole('treeitem', { name: 'Products' })).toBeVisible({
        timeout: 30_000,
      });
      expect(await page.evaluate(() => (window as unknown as { __picked: number }).__picked)).toBe(1);
    }

    const readCopy = (page: Page, path: string) =>
      page.evaluate(
        async ({ name, path }) => {
          let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(name);
          const parts = path.split('/');
          for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
          return (await (await dir.getFileHandle(parts.at(-1)!)).getFile()).text();
        },
        { name: REPO, path },
      );

    async function openProduct(page: Page) {
      const title = frontmatter(readFileSync(join(copy, PRODUCT_FILE), 'utf8')).title as string;
      await page.getByRole('tree', { name: 'Collection List' }).getByRole('treeitem', { name: 'Products' }).click();
      await page.getByRole('row', { name: title }).click();
      const description = page.getByRole('textbox', { name: 'Description', exact: true }).first();
      await expect(description).toHaveValue(frontmatter(readFileSync(join(copy, PRODUCT_FILE), 'utf8')).description as string);
      return description;
    }

    test("an editor changes a product's description and saves: that field alone changes", async ({ page }) => {
      const javascript = javascriptLoaded(page);
      await openWorkingCopy(page);
      const before = readFileSync(join(copy, PRODUCT_FILE), 'utf8');
      const description = await openProduct(page);
      const changed = 'Personalized news from every source you follow, summarized by AI agents and delivered each morning.';
      await description.fill(changed);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(async () => frontmatter(await readCopy(page, PRODUCT_FILE)).description, { timeout: 20_000 }).toBe(changed);
      const after = await readCopy(page, PRODUCT_FILE);
      // The same content otherwise, as the content check reads it: the CMS writes the schema's defaults
      // into items that left them out and orders keys as the configuration does, which changes no meaning.
      const [was, is] = [before, after].map((text) => {
        const checked = checkDocument(PRODUCT_FILE, productSchema, frontmatter(text), values);
        if (!checked.ok) throw new Error(checked.problems.join('\n'));
        return checked.data as Record<string, unknown>;
      });
      expect(is.description).toBe(changed);
      expect({ ...is, description: was.description }).toEqual(was);
      expect(body(after)).toBe(body(before));
      writeFileSync(join(copy, PRODUCT_FILE), after);
      expect(await unexpectedViolations(page), 'CSP violations').toEqual([]);
      console.log(`/admin JavaScript loaded through an edit: ${javascript()}`);
    });

    test('a description over the schema limit is refused with the limit', async ({ page }) => {
      await openWorkingCopy(page);
      const before = await readCopy(page, PRODUCT_FILE);
      const description = await openProduct(page);
      await description.fill('x'.repeat(301));
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Must be 20–300 characters.').first()).toBeVisible();
      expect(await readCopy(page, PRODUCT_FILE)).toBe(before);
    });

    test("the edited copy passes Astro's content layer, which reads the edit as saved", async () => {
      // What a build does with the content (reads each file with Astro's own parsers, validates it against the
      // collections' schemas, stores the entries), without rendering the pages: rendering content that passes
      // is what the build tests do on every build.
      const sync = syncCopy({ root: copy, contentDir: join(copy, 'content') });
      expect(sync.status, sync.output).toBe(0);
      const store = readFileSync(join(copy, 'cache', 'data-store.json'), 'utf8');
      expect(store).toContain('Personalized news from every source you follow, summarized by AI agents and delivered each morning.');
    });
  });
});
