/**
 * The generic pages (content/pages/*.yaml) show what each is meant to hold:
 * the counts, the figures, and where each button goes (same tab, new tab,
 * full page load, in-page anchor). Values that live in content (site.yaml,
 * shared lists) are read from there, so the tests follow the content.
 */
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';
import { readManifest } from '../../src/lib/routes/manifest';
import { formatDays, formatMonths } from '../../src/lib/content/retention';
import { readListItems } from '../../src/lib/content/read';
import type { ListName } from '../../src/lib/content/lists';

const { site } = readManifest('content');
const slug = site.slug;
const list = (name: ListName) =>
  (readListItems('content', name) as { title: string }[]).map((entry) => entry.title.replaceAll('{brand}', site.brand));

/** A link that opens in a new tab, safely. */
async function expectNewTab(link: Locator, href: string) {
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

/** Card titles (h3) of a section, in page order. */
const cardTitles = (section: Locator) => section.locator('li h3').allInnerTexts();

test.describe('generic pages', () => {
  test('platform: hero, dashboard, 6 core features (2 linked), 7 tools, 3 stages, 3 sample projects, closing CTA', async ({ page }) => {
    await page.goto('/platform');
    await expect(page.getByRole('link', { name: 'Explore Platform' })).toHaveAttribute('href', '#core-features');
    await expectNewTab(page.getByRole('link', { name: /^Schedule Demo/ }), site.urls.preview);
    await expectNewTab(page.locator('#dashboard').getByRole('link', { name: /^Try Dashboard Demo/ }), site.urls.preview);

    const features = page.locator('#core-features');
    expect(await cardTitles(features)).toHaveLength(6);
    const featureLinks = features.getByRole('link');
    await expect(featureLinks).toHaveCount(2);
    expect(await featureLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/ai-capabilities', '/marketing']);

    expect(await cardTitles(page.locator('#tools'))).toHaveLength(7);
    expect(await cardTitles(page.locator('#business-stages'))).toHaveLength(3);

    const projects = page.locator('#active-projects');
    await expect(projects.getByRole('heading', { level: 2 })).toHaveText('Active Projects Overview');
    const bars = projects.getByRole('progressbar');
    expect(await bars.evaluateAll((els) => els.map((el) => el.getAttribute('aria-valuenow')))).toEqual(['75', '45', '90']);
    const cards = projects.locator('li.card');
    for (const [i, members] of [4, 6, 3].entries()) {
      await expect(cards.nth(i)).toContainText(`${members} members`);
      await expect(cards.nth(i)).toContainText(/Client:/);
      await expect(cards.nth(i)).toContainText(/In Progress|In Review/);
    }

    await expectNewTab(page.getByRole('link', { name: /^Start Free Trial/ }), site.urls.planner);
    await expect(page.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
  });

  test('careers: the four sections, 13 expertise areas in order, the application form anchor and links', async ({ page }) => {
    await page.goto(`/join-${slug}`);
    for (const name of ['Jobs', 'Consultants & Experts', `Why join ${site.brand}`]) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    const expertise = list('expertise');
    expect(expertise).toHaveLength(13);
    expect(await page.locator('#expertise li > span:last-child').allInnerTexts()).toEqual(expertise);
    await expect(page.locator('#application-form')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Apply Now' })).toHaveAttribute('href', `/join-${slug}#application-form`);
    await expect(page.locator('#main a[href="/product-teams"]').first()).toBeVisible();
  });

  test('product teams: nine products with seeking-expertise domains, the form anchor, a link to careers', async ({ page }) => {
    await page.goto('/product-teams');
    expect(await cardTitles(page.locator('#products'))).toEqual(list('recruitmentProducts'));
    await expect(page.locator('#products').getByRole('list', { name: 'Seeking expertise in' })).toHaveCount(9);
    await expect(page.locator('#application-form')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Apply to a Product Team' })).toHaveAttribute('href', '#application-form');
    await expect(page.locator(`#main a[href="/join-${slug}"]`).first()).toBeVisible();
  });

  test('about: mission, four values, company facts, team groups in order, Contact Us', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 2, name: 'Our mission' })).toBeVisible();
    expect(await cardTitles(page.locator('#values'))).toEqual(list('values'));
    expect(await cardTitles(page.locator('#team'))).toEqual(['Leadership', 'Engineering', 'Support']);
    const facts = page.locator('#company-facts');
    for (const figure of [String(site.founded), '1-30', '15+']) await expect(facts).toContainText(figure);
    await expect(page.getByRole('link', { name: 'Contact Us' }).first()).toHaveAttribute('href', '/contact');
  });

  test('contact: form slot, contact details beside it, three social networks in new tabs', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.locator('#contact-form[data-form-slot="contact"]')).toHaveCount(1);
    const details = page.locator('[data-form-aside="contact-details"]');
    await expect(details.getByRole('link', { name: site.email.support })).toHaveAttribute('href', `mailto:${site.email.support}`);
    await expect(details).toContainText(site.phone);
    await expect(details).toContainText(site.hours);
    await expect(details).toContainText(site.weekendSupport);
    const social = page.locator('#main').getByRole('link', { name: /LinkedIn|^X |Instagram|Facebook/ });
    await expect(social).toHaveCount(3);
    for (const profile of site.social.filter((s) => s.onContactPage)) {
      await expectNewTab(page.locator('#main').getByRole('link', { name: new RegExp(`^${profile.label} `) }), profile.url);
    }
  });

  test('partners: four partner types with bullets, three benefits, mailto the partners address', async ({ page }) => {
    await page.goto('/partners');
    const types = page.locator('#partner-types article');
    expect(await cardTitles(page.locator('#partner-types'))).toEqual([
      'Technology Partners',
      'Service Partners',
      'Reseller Partners',
      'Strategic Partners',
    ]);
    for (let i = 0; i < 4; i++) expect(await types.nth(i).locator('ul li').count()).toBeGreaterThanOrEqual(3);
    expect(await cardTitles(page.locator('#benefits'))).toEqual(['Fast Growth', 'Support', 'Revenue']);
    await expect(page.locator(`a[href^="mailto:${site.email.partners}"]`).first()).toBeVisible();
  });

  test('investors: business model figures and a LinkedIn contact in a new tab', async ({ page }) => {
    await page.goto('/investors');
    const model = page.locator('#business-model');
    for (const figure of ['60%', '25%', '15%', '85%']) await expect(model).toContainText(figure);
    await expectNewTab(page.locator('#investor-contact').getByRole('link', { name: /LinkedIn/ }), site.urls.linkedinCompany);
  });

  test('holdings: stats, four active portfolio companies, three focus areas, approach', async ({ page }) => {
    await page.goto(`/${slug}-holdings`);
    for (const figure of ['12+', '$25M+', '85%', '5']) await expect(page.locator('#holdings-stats')).toContainText(figure);
    expect(await cardTitles(page.locator('#portfolio'))).toEqual(['PRSafe', `${site.brand} Planner`, 'IntelliProfile', 'Planual']);
    await expect(page.locator('#portfolio').getByText('Active Portfolio Company', { exact: true })).toHaveCount(4);
    expect(await cardTitles(page.locator('#investment-focus'))).toHaveLength(3);
    await expect(page.locator('#approach')).toBeVisible();
  });

  test('AI managed services and AI capabilities show their counts', async ({ page }) => {
    await page.goto(`/${slug}-ai`);
    await expect(page.locator('#results dd')).toHaveCount(4);
    expect(await cardTitles(page.locator('#core-services'))).toHaveLength(4);
    expect(await cardTitles(page.locator('#automation-areas'))).toHaveLength(3);
    expect(await cardTitles(page.locator('#benefits'))).toHaveLength(4);
    await expect(page.locator('#industries li')).toHaveCount(5);
    await expect(page.locator('#getting-started li')).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'Contact Sales' }).first()).toHaveAttribute('href', '/contact');

    await page.goto('/ai-capabilities');
    expect(await cardTitles(page.locator('#capabilities'))).toHaveLength(6);
    expect(await cardTitles(page.locator('#models'))).toHaveLength(5);
    expect(await cardTitles(page.locator('#industry-applications'))).toHaveLength(4);
    await expect(page.locator('#process li')).toHaveCount(4);
  });

  test('marketing: four AI agents; /advertising, /platform and /contact are same-tab site links', async ({ page }) => {
    await page.goto('/marketing');
    expect(await cardTitles(page.locator('#ai-agents'))).toEqual([
      'Content Generator',
      'Campaign Optimizer',
      'Budget Allocator',
      'Retargeting Orchestrator',
    ]);
    expect(await cardTitles(page.locator('#features'))).toHaveLength(6);
    for (const figure of ['300%+', '99.9%', '40%']) await expect(page.locator('#marketing-results')).toContainText(figure);
    for (const href of ['/advertising', '/platform', '/contact']) {
      const link = page.locator(`#main a[href="${href}"]`).first();
      await expect(link).toBeVisible();
      await expect(link).not.toHaveAttribute('target');
    }
  });

  test('advertising: the hero button scrolls to the demo form; 48-hour and 24-hour promises; link to /marketing', async ({ page }) => {
    await page.goto('/advertising');
    const form = page.locator('#demo-form[data-form-slot="demo"]');
    await expect(form).not.toBeInViewport();
    await page.getByRole('link', { name: 'Request a Demo' }).click();
    await expect(page).toHaveURL(/#demo-form$/);
    await expect(form).toBeInViewport();
    await expect(page.locator('#advertising-results')).toContainText('48h');
    await expect(page.locator('#advertising-results')).toContainText('24h');
    await expect(page.locator('#main a[href="/marketing"]').first()).toBeVisible();
  });

  test('privacy policy: six sections, cookie and third-party cards, contact, 30 days, January 2025, retention periods', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    await expect(page.locator('#main h2').filter({ hasText: /^[1-6]\. / })).toHaveCount(6);
    expect(await cardTitles(page.locator('#cookies-third-parties'))).toEqual(['Cookies and local storage', 'Third-party services']);
    await expect(page.locator('#main')).toContainText('Last updated January 2025', { ignoreCase: true });
    await expect(page.locator('#main')).toContainText('within 30 days');
    // The periods the database enforces (tests/db/lifecycle.test.ts), as a visitor reads them.
    const { contactRequests, jobApplications } = site.retention;
    await expect(page.locator('#data-security')).toContainText(
      `contact and demo requests for ${formatMonths(contactRequests)} and job and product-team applications for ${formatMonths(jobApplications)}`,
    );
    await expect(page.locator('#data-security')).toContainText(
      `those we do not release are deleted after ${formatDays(site.retention.heldSubmissions)}`,
    );
    await expect(page.locator(`#main a[href^="mailto:${site.email.support}"]`).first()).toBeVisible();
  });

  test('products, services: the calls to action go where they should', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('link', { name: 'View Careers' })).toHaveAttribute('href', `/join-${slug}`);
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('heading', { name: 'Join Our Team' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Need Product Help?' })).toBeVisible();

    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smart Business Solutions');
    expect(await cardTitles(page.locator('#why-choose'))).toHaveLength(6);
    await expect(page.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('link', { name: 'Schedule Consultation' })).toHaveAttribute('href', '/contact');
  });
});
