/**
 * Site search (Pagefind: a script, WebAssembly and index files, under the
 * page's CSP) from the header: a query typed and sent with Enter lists the
 * matching page with its title, link and highlighted excerpt, and the result
 * leads there; a query matching nothing says so. Words come from content/.
 */
import { test, expect } from './fixtures';
import { readManifest } from '../../src/lib/routes/manifest';
import { textOf, waitFor } from './page';

const manifest = readManifest('content');
const newsbox = manifest.routes.find((r) => r.kind === 'product' && r.id === 'newsbox')!;

test('a query from the header lists the matching page, which the result leads to', async ({ tab }) => {
  await tab.goto('/');
  await tab.click('header a[href="/search"]');
  await waitFor(tab, 'the search page', () => location.pathname === '/search' && document.readyState === 'complete');
  await tab.fill('#search-input', 'newsbox');
  await tab.press('Enter');
  await waitFor(
    tab,
    'the results',
    () => location.search === '?q=newsbox' && document.querySelector('#search-status')?.getAttribute('data-state') === 'results',
  );

  const result = await tab.evaluate((path) => {
    const item = document.querySelector(`#search-results li:has(a[href="${path}"])`);
    return (
      item && {
        title: item.querySelector('h2')?.textContent?.trim(),
        marked: item.querySelector('mark')?.textContent ?? '',
        html: item.innerHTML,
      }
    );
  }, newsbox.path);
  expect(result?.title).toBe(newsbox.meta.title);
  expect(result?.marked).toMatch(/newsbox/i);
  expect(result?.html, 'the excerpt is rendered, not shown as markup').not.toContain('&lt;mark&gt;');
  expect(await textOf(tab, '#search-status')).toMatch(/\bnewsbox\b/);

  await tab.click(`#search-results a[href="${newsbox.path}"]`);
  await waitFor(tab, newsbox.path, (path) => location.pathname === path && document.readyState === 'complete', newsbox.path);
  expect(await textOf(tab, 'h1')).not.toBe('');
});

test('a query matching nothing says so', async ({ tab }) => {
  await tab.goto('/search?q=zzqxjvwk');
  const finished = () => {
    const state = document.querySelector('#search-status')?.getAttribute('data-state') ?? '';
    return ['none', 'results', 'error'].includes(state) ? state : null;
  };
  expect(await waitFor(tab, 'the search to finish', finished)).toBe('none');
  expect(await tab.evaluate(() => document.querySelectorAll('#search-results li').length)).toBe(0);
});
