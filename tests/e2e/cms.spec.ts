/**
 * The editors' studio at /admin (Sveltia CMS), end to end in a real browser
 * under the headers the build publishes (tests/e2e/published-headers.ts):
 *
 * - Production sign-in: the GitHub login through Netlify's OAuth popup, with
 *   Netlify and the GitHub API answered by stubs (tests/e2e/github-mock.ts),
 *   ends in the editor's collections; with the public pages' opener policy
 *   (`same-origin`) on /admin the popup loses its opener and the editor never
 *   signs in, which is why /admin has its own.
 * - The editorial workflow (drafts as branches with pull requests, each built
 *   by Netlify as a deploy preview), in the editor's time zone (New York): a
 *   scheduled post in review shows its publishAt in that zone and links to its
 *   page on its deploy preview; an edit of a published product becomes a
 *   branch, a commit on it and a labelled pull request, never a commit on the
 *   configured branch. A screenshot of the scheduled draft goes to SHOTS_DIR
 *   when it is set.
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
import { mockGitHubSignIn, mockGitHubStatus, EDITOR, type WorkflowDraft } from './github-mock';
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
      // The editorial workflow's open pull requests are asked for beside the sign-in's calls, in no fixed place.
      expect(record.calls).toContain('POST /graphql (open pull requests)');
      expect(record.calls.filter((c) => c !== 'POST /graphql (open pull requests)').slice(0, 5)).toEqual([
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

      // Settings → Redirects: content/redirects.yaml, a list at the root of its file, edited as one.
      await collections.getByRole('treeitem', { name: 'Settings and copy' }).click();
      await page.getByRole('row', { name: /^Redirects/ }).click();
      const redirects = parseYaml(readFileSync('content/redirects.yaml', 'utf8')) as { from: string }[];
      await expect(page.getByText(`${redirects.length} Redirects`, { exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'From' }).first()).toHaveValue(redirects[0].from);
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

  test.describe('the editorial workflow, for an editor in New York', () => {
    test.use({ timezoneId: 'America/New_York' });
    const LAUNCH = {
      file: 'content/posts/launch.md',
      title: 'Corvana Planner 3 arrives on Tuesday',
      // 09:00 in Paris: 08:00 UTC, 03:00 in New York.
      publishAt: '2026-12-08T09:00:00+01:00',
      preview: 'https://deploy-preview-12--corvana.netlify.app',
    };
    const launchText = [
      '---',
      'meta:',
      '  path: /post/{slug}-planner-3',
      '  name: Planner 3',
      `  title: ${LAUNCH.title}`,
      '  description: Planner 3 brings shared roadmaps, scenario planning and a calendar that the whole team can edit at once.',
      'published: 2026-12-08',
      `publishAt: ${LAUNCH.publishAt}`,
      'author: Ada Editor',
      '---',
      'Planner 3 is here.',
      '',
    ].join('\n');
    const drafts: WorkflowDraft[] = [
      {
        number: 12,
        branch: 'cms/posts/launch',
        title: 'Create Blog post “launch”',
        status: 'pending_review',
        files: [{ path: LAUNCH.file, text: launchText, changeType: 'ADDED' }],
        deployPreview: LAUNCH.preview,
      },
    ];

    async function signIn(page: Page) {
      const record = await mockGitHubSignIn(page.context(), config.backend, { drafts });
      await applyPublishedHeaders(page);
      await page.goto(ADMIN_PATH);
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: /^Sign In with \W?GitHub\W?$/ }).click();
      const signIn = await popup;
      if (!signIn.isClosed()) await signIn.waitForEvent('close', { timeout: 30_000 });
      await expect(page.getByRole('tree', { name: 'Collection List' })).toBeVisible({ timeout: 30_000 });
      return record;
    }

    test("a scheduled post in review: its time in the editor's zone, its preview link on its deploy preview", async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 1000 });
      const record = await signIn(page);
      await page.getByRole('tree', { name: 'Collection List' }).getByRole('treeitem', { name: 'Blog posts' }).click();
      await page.getByRole('row', { name: new RegExp(LAUNCH.title) }).click();

      // Stored with Paris's offset, shown in New York's time: the same instant.
      const publishAt = page.getByLabel('Publish at', { exact: true });
      await expect(publishAt).toHaveValue('2026-12-08T03:00');

      // The preview link: the entry's page on the deploy preview Netlify reported for its branch.
      const preview = page.getByRole('button', { name: 'View Preview' }).first();
      await expect(preview).toBeEnabled({ timeout: 20_000 });
      if (process.env.SHOTS_DIR) await page.screenshot({ path: join(process.env.SHOTS_DIR, '39-cms-scheduled-draft.png') });
      // Netlify's deploy preview, answered here: the tab opens the entry's link there (/_entry/…, which the build sends on to its page).
      const asked: string[] = [];
      await page.context().route(`${LAUNCH.preview}/**`, (route) => {
        asked.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Deploy preview</title>' });
      });
      const opened = page.context().waitForEvent('page');
      await preview.click();
      const tab = await opened;
      await tab.waitForLoadState();
      expect(tab.url()).toBe(`${LAUNCH.preview}/_entry/posts/launch`);
      expect(asked).toEqual([`${LAUNCH.preview}/_entry/posts/launch`]);
      await tab.close();

      expect(record.unexpected).toEqual([]);
      expect(record.calls).toEqual(
        expect.arrayContaining(['POST /graphql (open pull requests)', 'POST /graphql (files on workflow branches)']),
      );
      expect(record.saved.commits).toEqual([]);
    });

    test('an edit of a published product becomes a branch, a commit on it and a pull request labelled as a draft', async ({ page }) => {
      const record = await signIn(page);
      await page.getByRole('tree', { name: 'Collection List' }).getByRole('treeitem', { name: 'Products' }).click();
      const before = readFileSync(PRODUCT_FILE, 'utf8');
      await page.getByRole('row', { name: frontmatter(before).title as string }).click();
      const description = page.getByRole('textbox', { name: 'Description', exact: true }).first();
      await expect(description).toHaveValue(frontmatter(before).description as string);
      const changed = 'News from every source you follow, summarized each morning by AI agents, with the sources linked.';
      await description.fill(changed);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => record.saved.labels.length, { timeout: 20_000 }).toBe(1);

      const { branches, commits, pulls, labels } = record.saved;
      expect(branches).toEqual([{ name: 'refs/heads/cms/products/newsbox', from: expect.stringMatching(/^[0-9a-f]{40}$/) }]);
      expect(commits).toHaveLength(1);
      expect(commits[0]).toMatchObject({ branch: 'cms/products/newsbox', expectedHeadOid: branches[0].from, deletions: [] });
      expect(Object.keys(commits[0].files)).toEqual([PRODUCT_FILE]);
      expect(frontmatter(commits[0].files[PRODUCT_FILE]).description).toBe(changed);
      expect(body(commits[0].files[PRODUCT_FILE])).toBe(body(before));
      expect(pulls).toEqual([
        { title: expect.stringContaining('newsbox'), head: 'cms/products/newsbox', base: config.backend.branch, draft: true },
      ]);
      expect(labels).toEqual([{ number: 13, labels: ['sveltia-cms/draft'] }]);
      // Nothing was committed to the configured branch.
      expect(commits.map((c) => c.branch)).not.toContain(config.backend.branch);
      expect(record.unexpected).toEqual([]);
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
