/**
 * Site search (/search): results from the Pagefind index built with the site,
 * with title, excerpt and link; the empty query, no results, a missing index;
 * the form without JavaScript; the header's search link.
 */
import { test, expect } from './fixtures';
import { readManifest } from '../../src/lib/manifest';

const manifest = readManifest('content');
const newsbox = manifest.routes.find((r) => r.kind === 'product' && r.id === 'newsbox')!;
const planner = manifest.routes.find((r) => r.kind === 'product' && r.id === 'planner')!;

test('lists the Newsbox page for ?q=newsbox with its title, excerpt and link, and announces the count', async ({ page }) => {
  await page.goto('/search?q=newsbox');
  const status = page.getByRole('status');
  await expect(status).toHaveText(/^\d+ results? for “newsbox”\./);
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByRole('searchbox', { name: 'Search the site' })).toHaveValue('newsbox');

  const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  const count = Number((await status.textContent())!.match(/^\d+/)![0]);
  await expect(results).toHaveCount(count);
  const result = results.filter({ has: page.getByRole('link', { name: newsbox.meta.title, exact: true }) });
  await expect(result).toHaveCount(1);
  await expect(result.getByRole('heading', { level: 2 })).toHaveText(newsbox.meta.title);
  await expect(result.getByRole('link')).toHaveAttribute('href', newsbox.path);
  // The excerpt highlights the match with <mark>, rendered as an element, not as text.
  await expect(result.locator('mark').first()).toHaveText(/newsbox/i);
  await expect(result).not.toContainText('<mark>');

  await result.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${newsbox.path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('without a query it shows the prompt and the form, and no results', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search ${manifest.site.brand}`);
  await expect(page.getByRole('status')).toHaveText(/Type a product, service or topic/);
  await expect(page.getByRole('searchbox', { name: 'Search the site' })).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(0);
});

test('says so clearly when nothing matches and suggests where to go', async ({ page }) => {
  await page.goto('/search?q=zzqxjvwk');
  await expect(page.getByRole('status')).toHaveText('No results for “zzqxjvwk”.');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Products', exact: true }).last()).toBeVisible();
});

test('the form submits a GET search and shows the new results', async ({ page }) => {
  await page.goto('/search');
  const box = page.getByRole('searchbox', { name: 'Search the site' });
  await box.fill('planner');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=planner$/);
  await expect(page.getByRole('status')).toHaveText(/results? for “planner”/);
  await expect(page.getByRole('link', { name: planner.meta.title, exact: true })).toHaveAttribute('href', planner.path);
});

test('does not list the not-found page or the search page itself', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent('Oops')}`);
  await expect(page.getByRole('status')).toHaveText(/No results for/);
});

test.describe('when the search index cannot be loaded', () => {
  // One RegExp only: Playwright reads a two-element array here as a [value, options] tuple.
  test.use({ allowConsoleErrors: [/Failed to load resource|pagefind/i] });
  test('shows a message instead of results', async ({ page }) => {
    await page.route('**/pagefind/pagefind.js', (route) => route.abort('failed'));
    await page.goto('/search?q=newsbox');
    await expect(page.getByRole('status')).toHaveText(/Search is not available right now/);
    await expect(page.getByRole('list', { name: 'Search results' })).not.toHaveAttribute('aria-busy', 'true');
  });
});

test('the form works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Search the site' }).fill('services');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=services$/);
  // (Chromium still parses <noscript> as scripting-enabled when Playwright disables JavaScript, so its note is not checked here.)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search ${manifest.site.brand}`);
  await expect(page.getByRole('searchbox', { name: 'Search the site' })).toBeVisible();
  await context.close();
});

test('the header links to the search page', async ({ page, isMobile }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  if (isMobile) {
    await header.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Main menu' }).getByRole('link', { name: 'Search' }).click();
  } else {
    await header.getByRole('link', { name: 'Search', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search ${manifest.site.brand}`);
});
