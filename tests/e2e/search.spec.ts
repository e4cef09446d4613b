/**
 * Site search (/search): results from the Pagefind index built with the site,
 * with title, excerpt and link; the empty query, no results, a missing index;
 * the form without JavaScript; the header's search link; the not-found page's
 * search form. Words come from content/search.yaml.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { test, expect } from './fixtures';
import { readManifest } from '../../src/lib/routes/manifest';
import { fill } from '../../src/lib/content/placeholders';
import type { SearchCopy } from '../../src/lib/content/schemas';

const manifest = readManifest('content');
const copy = (parse(readFileSync('content/search.yaml', 'utf8')) as { search: SearchCopy }).search;
const heading = fill(copy.page.heading, { brand: manifest.site.brand });
const status = (key: keyof SearchCopy['page']['status'], slots: Record<string, string>) =>
  copy.page.status[key].replace(/\{(\w+)\}/g, (_, name: string) => slots[name]);
const newsbox = manifest.routes.find((r) => r.kind === 'product' && r.id === 'newsbox')!;
const planner = manifest.routes.find((r) => r.kind === 'product' && r.id === 'planner')!;

test('lists the Newsbox page for ?q=newsbox with its title, excerpt and link, and announces the count', async ({ page }) => {
  await page.goto('/search?q=newsbox');
  const line = page.getByRole('status');
  await expect(line).toHaveAttribute('data-state', 'results');
  await expect(line).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByRole('searchbox', { name: copy.form.label })).toHaveValue('newsbox');

  const results = page.getByRole('list', { name: copy.page.resultsLabel }).getByRole('listitem');
  const count = await results.count();
  expect(count).toBeGreaterThan(0);
  await expect(line).toHaveText(
    count === 1 ? status('one', { query: 'newsbox' }) : status('many', { count: String(count), query: 'newsbox' }),
  );
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
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('status')).toHaveText(copy.page.status.empty);
  await expect(page.getByRole('searchbox', { name: copy.form.label })).toHaveValue('');
  await expect(page.getByRole('list', { name: copy.page.resultsLabel }).getByRole('listitem')).toHaveCount(0);
});

test('says so clearly when nothing matches and suggests where to go', async ({ page }) => {
  await page.goto('/search?q=zzqxjvwk');
  await expect(page.getByRole('status')).toHaveText(status('none', { query: 'zzqxjvwk' }));
  await expect(page.getByRole('list', { name: copy.page.resultsLabel }).getByRole('listitem')).toHaveCount(0);
  await expect(page.getByRole('link', { name: copy.page.suggestions.links[0].label, exact: true }).last()).toBeVisible();
});

test('the form submits a GET search and shows the new results', async ({ page }) => {
  await page.goto('/search');
  const box = page.getByRole('searchbox', { name: copy.form.label });
  await box.fill('planner');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=planner$/);
  await expect(page.getByRole('status')).toHaveAttribute('data-state', 'results');
  await expect(page.getByRole('link', { name: planner.meta.title, exact: true })).toHaveAttribute('href', planner.path);
});

test('does not list the not-found page or the search page itself', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent('Oops')}`);
  await expect(page.getByRole('status')).toHaveAttribute('data-state', 'none');
});

test.describe('when the search index cannot be loaded', () => {
  // One RegExp only: Playwright reads a two-element array here as a [value, options] tuple.
  test.use({ allowConsoleErrors: [/Failed to load resource|pagefind/i] });
  test('shows a message instead of results', async ({ page }) => {
    await page.route('**/pagefind/pagefind.js', (route) => route.abort('failed'));
    await page.goto('/search?q=newsbox');
    await expect(page.getByRole('status')).toHaveText(copy.page.status.error);
    await expect(page.getByRole('list', { name: copy.page.resultsLabel })).not.toHaveAttribute('aria-busy', 'true');
  });
});

test('the form works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/search');
  await page.getByRole('searchbox', { name: copy.form.label }).fill('services');
  await page.getByRole('button', { name: copy.form.button, exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=services$/);
  // (Chromium still parses <noscript> as scripting-enabled when Playwright disables JavaScript, so its note is not checked here.)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('searchbox', { name: copy.form.label })).toBeVisible();
  await context.close();
});

test('the header links to the search page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
});

test.describe('the not-found page', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('offers the site search as a plain GET form that works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/this/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByText(copy.notFound.search)).toBeVisible();
    const form = page.getByRole('search', { name: copy.form.name });
    await form.getByRole('searchbox', { name: copy.form.label }).fill('newsbox');
    await form.getByRole('button', { name: copy.form.button }).click();
    await expect(page).toHaveURL(/\/search\?q=newsbox$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await context.close();
  });

  test('its search lands on /search, which runs the query on load', async ({ page }) => {
    await page.goto('/this/does-not-exist');
    await page.getByRole('search', { name: copy.form.name }).getByRole('searchbox').fill('planner');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=planner$/);
    await expect(page.getByRole('status')).toHaveAttribute('data-state', 'results');
    await expect(page.getByRole('link', { name: planner.meta.title, exact: true })).toHaveAttribute('href', planner.path);
  });
});
