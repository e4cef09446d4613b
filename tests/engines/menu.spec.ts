/**
 * The phone menu: the header's menu button opens a panel with every header
 * link, Search and Login; focus moves into it; Escape closes it and gives
 * focus back to the button; a link in it is followed. Links come from
 * content/site.yaml.
 */
import { test, expect } from './fixtures';
import { readManifest } from '../../src/lib/routes/manifest';
import { hydrated, waitFor } from './page';
import { PHONE } from './tab';

const { site } = readManifest('content');
const fill = (href: string) => href.replaceAll('{slug}', site.slug);
const BUTTON = '[popovertarget="mobile-menu"]';
const PANEL = '#mobile-menu';
const isOpen = () => document.querySelector('#mobile-menu:popover-open') !== null;

test.use({ windowSize: PHONE });

test('opens with every link, takes focus, closes with Escape and follows a link', async ({ tab }) => {
  await tab.goto('/services/managed-business');
  await tab.click(BUTTON);
  await waitFor(tab, 'the menu to open', isOpen);
  await hydrated(tab, BUTTON);

  const links = await tab.evaluate(
    (panel) =>
      [...document.querySelectorAll<HTMLAnchorElement>(`${panel} a`)].map((a) => ({
        label: a.textContent?.trim(),
        href: a.getAttribute('href'),
      })),
    PANEL,
  );
  for (const link of [...site.nav.header, site.nav.login]) expect(links).toContainEqual({ label: link.label, href: fill(link.href) });
  expect(links.map((l) => l.href)).toContain('/search');
  // Every link lies inside the viewport: a visitor can reach each one.
  const outside = await tab.evaluate(
    (panel) =>
      [...document.querySelectorAll(`${panel} a`)]
        .filter((a) => a.getBoundingClientRect().bottom > window.innerHeight || a.getBoundingClientRect().right > window.innerWidth)
        .map((a) => a.textContent?.trim()),
    PANEL,
  );
  expect(outside, 'menu links below or beside the viewport').toEqual([]);
  await waitFor(
    tab,
    'focus on the first link of the menu',
    (panel) => document.activeElement === document.querySelector(`${panel} a`),
    PANEL,
  );

  await tab.press('Escape');
  await waitFor(tab, 'the menu to close', () => !document.querySelector('#mobile-menu:popover-open'));
  await waitFor(tab, 'focus back on the menu button', (button) => document.activeElement === document.querySelector(button), BUTTON);

  const contact = site.nav.header.find((link) => fill(link.href) === '/contact') ?? site.nav.header.at(-1)!;
  await tab.click(BUTTON);
  await waitFor(tab, 'the menu to open again', isOpen);
  await tab.click({ css: `${PANEL} a`, text: contact.label });
  await waitFor(
    tab,
    `${fill(contact.href)} to load`,
    (path) => location.pathname === path && document.readyState === 'complete',
    fill(contact.href),
  );
  expect(await tab.evaluate(isOpen), 'the menu is closed on the new page').toBe(false);
});
