/**
 * The check of dist/ before it is published (scripts/check-dist.mjs: Netlify's
 * build command and `npm test` run it after the build). Fast, no browser. Each
 * problem names the page and the rule:
 * - headers:      every page has exactly one CSP header rule (dist/_headers),
 *                 allowing each of its inline scripts by hash and no other, no
 *                 'unsafe-inline' or 'unsafe-eval', connect-src as in its <meta>
 *                 (the build's Supabase origin, no wildcard; /admin: the CMS's
 *                 own sources); exactly one Cross-Origin-Opener-Policy,
 *                 same-origin (/admin: same-origin-allow-popups, which its
 *                 sign-in popup needs); netlify.toml's fixed headers (HSTS with
 *                 preload …) reach it; /_astro/* is cached immutable; the RSS
 *                 feed, when built, is served as application/rss+xml;
 *                 in a deploy preview or branch deploy (CONTEXT) every page is
 *                 noindex, by its robots meta and one X-Robots-Tag header, and
 *                 the live site never sends that header;
 *                 every page but /admin names the speculation rules in one
 *                 Speculation-Rules header, and the rules file is built, valid
 *                 JSON and served as application/speculationrules+json;
 * - redirects:    dist/_redirects holds exactly what the content and its history
 *                 give at the build's time (dist/publishing.json): a forced 301 for
 *                 each moved path, a forced 410 for each gone one (its gone page
 *                 built), a 302 for each entry's link (src/lib/routes/published.ts);
 * - budget:       HTML ≤ 14.5 KB and CSS ≤ 12 KB gzip per page;
 * - picture:      every <img> has its width and height, and a page's pictures
 *                 come to at most 200 KB on a 390 px phone (./pictures.ts),
 *                 each file named with its weight;
 * - secret:       no service-role key, secret key or private key in any text file;
 * - new-tab:      no target="_blank" without rel="noopener";
 * - link:         every link lands (src/lib/deploy/gate/links.ts);
 * - card:         every routed page names its social card, which is in the
 *                 build, 1200×630, the version its head names, within the size
 *                 limit, cached a year and cross-origin (src/lib/deploy/gate/cards.ts);
 *                 every other file is Cross-Origin-Resource-Policy same-origin, once;
 * - security.txt: present, and valid at the time of the check;
 * - publishing:   dist/publishing.json has the shape the database's rebuild
 *                 trigger reads (../publishing-file.ts): the content's due times
 *                 at the build's time, and the Expires of security.txt with the
 *                 time to renew it (`renewBy`);
 * - content:      the content folder passes the content check, scheduled entries
 *                 judged as if live (src/lib/routes/scheduled.ts): else these
 *                 lines are the whole answer, as nothing of dist can be compared.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest, servedPaths, type Manifest } from '../../routes/manifest';
import { readPublished, type PublishedSite } from '../../routes/published';
import { isPreviewContext, publishingTime } from '../../content/publishing';
import { PREVIEW_ROBOTS } from '../preview';
import { pageFile } from '../dist-folder';
import { redirectRules } from '../published-files';
import { PUBLISHING_FILE_PATH, publishing as publishingOf, readPublishingFile } from '../publishing-file';
import { ContentError } from '../../content/validate';
import { inlineScripts, matchesRule, parseCsp, parseRedirectsFile, type HeaderRule } from '../netlify';
import { builtPages, distFiles, headerRules } from '../dist-folder';
import { ADMIN_PATH, ADMIN_POLICY, mergeDirectives, OPENER_POLICY, RESOURCE_POLICY, PAGE_CACHE } from '../csp';
import { CARDS_DIR } from '../../social-cards/card';
import { checkCards } from './cards';
import { parseSecurityTxt, SECURITY_TXT_PATH, securityTxtProblems } from '../security-txt';
import { FEED_CONTENT_TYPE, FEED_PATH } from '../../seo/feed';
import { SPECULATION_RULES_HEADER, SPECULATION_RULES_PATH, SPECULATION_RULES_TYPE } from '../../routes/speculation';
import { BUDGETS, kb, pageWeight } from './budgets';
import { checkLinks } from './links';
import { findSecrets, findUnsafeBlankTargets } from './scan';
import { pagePictures, PHONE } from './pictures';

export type Rule =
  'headers' | 'redirects' | 'budget' | 'picture' | 'secret' | 'new-tab' | 'link' | 'security.txt' | 'card' | 'publishing' | 'content';

export interface Problem {
  /** The site path (or file) the problem is on. */
  page: string;
  rule: Rule;
  detail: string;
}

export interface GateInput {
  dist: string;
  /** The content/ folder the site was built from (its redirects). */
  contentDir: string;
  /** The text of netlify.toml, whose fixed headers apply besides dist/_headers. */
  netlifyToml: string;
  /** The build's Supabase origin when known (PUBLIC_SUPABASE_URL): connect-src must name exactly it. */
  supabase?: string;
  now?: Date;
  /** The build's environment (CONTEXT: a preview shows scheduled entries); process.env by default. */
  env?: Record<string, string | undefined>;
}

/** When the build in `dist` ran (dist/publishing.json), or undefined when the file cannot be read. */
export function builtAtOf(dist: string): Date | undefined {
  const { file } = readPublishingFile(dist);
  return file ? new Date(file.builtAt) : undefined;
}

const publishedCache = new Map<string, { manifest: Manifest; published: PublishedSite }>();

/**
 * What the content of `contentDir` and its history give for the build in `dist`, judged at the build's own
 * time (dist/publishing.json), so a scheduled entry that came due since is not taken for a mistake.
 */
export function buildPublished(dist: string, contentDir: string, env: Record<string, string | undefined> = process.env) {
  const builtAt = builtAtOf(dist);
  const at: Record<string, string | undefined> = { ...env, ...(builtAt ? { BUILD_TIME: builtAt.toISOString() } : {}) };
  const key = JSON.stringify([dist, contentDir, at.BUILD_TIME, at.CONTEXT]);
  if (!publishedCache.has(key)) {
    const manifest = readManifest(contentDir, publishingTime(at));
    publishedCache.set(key, { manifest, published: readPublished(manifest, contentDir, at) });
  }
  return { builtAt, ...publishedCache.get(key)! };
}

/** The lines check:dist prints: every path it answers for an earlier build, and why. */
export function publishedReport(published: PublishedSite): string[] {
  return [
    ...published.moved.map((m) => `  301 ${m.from} → ${m.to}: ${m.reason}`),
    ...published.gone.map((g) => `  410 ${g.path} (page ${g.page}, links to ${g.section.path}): ${g.reason}`),
  ];
}

const TEXT = /\.(html|js|mjs|css|json|xml|txt|svg|webmanifest|map)$/;
const IMMUTABLE = /\bimmutable\b/;
const YEAR = 31_536_000;

/** The value of a header in a rule, whatever its case. */
const valueOf = (rule: HeaderRule, name: string) =>
  Object.entries(rule.values).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

/** Every value the matching rules give a header (more than one: Netlify would send them joined). */
function headerValues(rules: HeaderRule[], path: string, name: string): string[] {
  return rules.filter((rule) => matchesRule(rule.for, path)).flatMap((rule) => valueOf(rule, name) ?? []);
}

function metaCsp(html: string): Map<string, string[]> | undefined {
  const content = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]+)"/i.exec(html)?.[1];
  return content === undefined ? undefined : parseCsp(content);
}

function checkPageHeaders(rules: HeaderRule[], path: string, html: string, supabase: string | undefined): string[] {
  const out: string[] = [];
  // Only the CMS at /admin has a policy of its own (csp.ts ADMIN_POLICY); every public page keeps the strict one.
  const page = path === ADMIN_PATH ? ADMIN_POLICY : undefined;
  const policies = headerValues(rules, path, 'Content-Security-Policy');
  if (policies.length !== 1) {
    out.push(
      policies.length === 0
        ? 'no Content-Security-Policy header rule in dist/_headers'
        : `${policies.length} rules set its Content-Security-Policy (Netlify would send them all)`,
    );
  } else {
    const csp = parseCsp(policies[0]);
    const scriptSrc = csp.get('script-src') ?? [];
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'"]) if (scriptSrc.includes(unsafe)) out.push(`script-src allows ${unsafe}`);
    const scripts = inlineScripts(html);
    const needed = new Set(scripts.map((s) => `'${s.hash}'`));
    for (const script of scripts) {
      if (!scriptSrc.includes(`'${script.hash}'`))
        out.push(
          `inline script "${script.content.trim().slice(0, 50)}…" (${script.hash}) is not in its CSP header: the browser would block it`,
        );
    }
    for (const source of scriptSrc.filter((s) => s.startsWith("'sha256-") && !needed.has(s)))
      out.push(`CSP header allows ${source}, which no inline script of the page has`);
    if (csp.get('default-src')?.join(' ') !== "'none'") out.push("default-src is not 'none'");
    if (csp.get('frame-ancestors')?.join(' ') !== "'none'") out.push("frame-ancestors is not 'none'");
    const connect = csp.get('connect-src') ?? [];
    // A bare scheme (https:) admits every host, as a * does.
    if (connect.some((s) => s.includes('*') || /^(https?|wss?):$/.test(s))) out.push(`connect-src has a wildcard: ${connect.join(' ')}`);
    const meta = metaCsp(html)?.get('connect-src');
    if (meta && meta.join(' ') !== connect.join(' '))
      out.push(`connect-src of the header (${connect.join(' ')}) differs from the page's <meta> (${meta.join(' ')})`);
    if (supabase !== undefined) {
      const expected = mergeDirectives([`connect-src 'self' ${supabase}`], page?.directives ?? [])[0].replace(/^connect-src /, '');
      if (connect.join(' ') !== expected) {
        out.push(
          `connect-src is "${connect.join(' ')}", not ${page ? `the CMS policy: ${expected}` : `'self' and the build's Supabase origin ${supabase}`}`,
        );
      }
    }
  }
  // One value only: two rules' values would reach the browser joined (or one of them, at Netlify's choice).
  const opener = headerValues(rules, path, 'Cross-Origin-Opener-Policy');
  const expectedOpener = page?.openerPolicy ?? OPENER_POLICY;
  if (opener.length !== 1 || opener[0] !== expectedOpener)
    out.push(
      `Cross-Origin-Opener-Policy is "${opener.join(', ')}"${opener.length > 1 ? ` (${opener.length} rules set it)` : ''}, not "${expectedOpener}"`,
    );
  const hsts = headerValues(rules, path, 'Strict-Transport-Security').join(', ');
  const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
  if (maxAge < YEAR || !/includeSubDomains/i.test(hsts) || !/\bpreload\b/i.test(hsts))
    out.push(`Strict-Transport-Security "${hsts}" needs max-age ≥ ${YEAR}, includeSubDomains and preload`);
  if (headerValues(rules, path, 'X-Content-Type-Options').join() !== 'nosniff') out.push('X-Content-Type-Options is not nosniff');
  const cache = headerValues(rules, path, 'Cache-Control');
  if (cache.length !== 1 || cache[0] !== PAGE_CACHE) out.push(`Cache-Control is "${cache.join(', ')}", not "${PAGE_CACHE}"`);
  return out;
}

/** Every problem of the build in `dist`; empty when it may be published. */
export function checkDist({ dist, contentDir, netlifyToml, supabase, now = new Date(), env = process.env }: GateInput): Problem[] {
  const problems: Problem[] = [];
  const add = (page: string, rule: Rule, detail: string) => problems.push({ page, rule, detail });
  if (!existsSync(join(dist, 'index.html'))) return [{ page: dist, rule: 'link', detail: 'no index.html: is this a build folder?' }];

  const files = distFiles(dist);
  const pages = builtPages(dist);
  let built: ReturnType<typeof buildPublished>;
  try {
    built = buildPublished(dist, contentDir, env);
  } catch (error) {
    // Content its own build would refuse, now or at a scheduled entry's time: the lines of the content check.
    if (error instanceof ContentError) return error.problems.map((detail) => ({ page: contentDir, rule: 'content', detail }));
    throw error;
  }
  const { manifest, published } = built;

  // Headers: netlify.toml's fixed rules plus the build's _headers.
  const rules = headerRules(dist, netlifyToml);
  if (!existsSync(join(dist, '_headers')))
    add('_headers', 'headers', 'dist/_headers is missing (the deploy-files integration in astro.config.mjs writes it)');
  for (const page of pages) for (const detail of checkPageHeaders(rules, page.path, page.html, supabase)) add(page.path, 'headers', detail);
  for (const file of files.filter((f) => f.startsWith('_astro/'))) {
    const cache = headerValues(rules, `/${file}`, 'Cache-Control');
    if (cache.length !== 1 || !IMMUTABLE.test(cache[0]))
      add(`/${file}`, 'headers', `Cache-Control is "${cache.join(', ')}", not one immutable value`);
  }

  // Search engines: a preview is noindex everywhere, the live site only where a page says so.
  const preview = isPreviewContext(env.CONTEXT);
  for (const page of pages) {
    const robots = headerValues(rules, page.path, 'X-Robots-Tag');
    const meta = /<meta\s+name="robots"\s+content="([^"]*)"/i.exec(page.html)?.[1] ?? '';
    if (preview && (robots.join() !== PREVIEW_ROBOTS || !/\bnoindex\b/.test(meta)))
      add(
        page.path,
        'headers',
        `a preview deploy (${env.CONTEXT}) must be noindex: X-Robots-Tag is "${robots.join(', ')}", robots meta "${meta}"`,
      );
    if (!preview && robots.length > 0)
      add(page.path, 'headers', `X-Robots-Tag "${robots.join(', ')}" on the live site: it keeps the page out of search engines`);
  }

  if (files.includes(FEED_PATH.slice(1))) {
    const types = headerValues(rules, FEED_PATH, 'Content-Type');
    if (types.length !== 1 || types[0] !== FEED_CONTENT_TYPE)
      add(FEED_PATH, 'headers', `Content-Type is "${types.join(', ')}", not "${FEED_CONTENT_TYPE}"`);
  }

  // Speculation rules: a file of their own, which every page but the CMS names (src/lib/deploy/integration.ts).
  for (const page of pages) {
    const named = headerValues(rules, page.path, 'Speculation-Rules');
    const expected = page.path === ADMIN_PATH ? [] : [SPECULATION_RULES_HEADER];
    if (named.join() !== expected.join()) add(page.path, 'headers', `Speculation-Rules is "${named.join(', ')}", not "${expected.join()}"`);
  }
  const rulesFile = SPECULATION_RULES_PATH.slice(1);
  if (!files.includes(rulesFile))
    add(SPECULATION_RULES_PATH, 'headers', 'missing (the deploy-files integration in astro.config.mjs writes it)');
  else {
    try {
      JSON.parse(readFileSync(join(dist, rulesFile), 'utf8'));
    } catch (error) {
      add(SPECULATION_RULES_PATH, 'headers', `not valid JSON: ${(error as Error).message}`);
    }
    const types = headerValues(rules, SPECULATION_RULES_PATH, 'Content-Type');
    if (types.join() !== SPECULATION_RULES_TYPE)
      add(
        SPECULATION_RULES_PATH,
        'headers',
        `Content-Type is "${types.join(', ')}", not "${SPECULATION_RULES_TYPE}" (browsers ignore the rules)`,
      );
  }

  // One resource policy on every file but the cards (checked with them): same-origin.
  for (const file of files.filter((f) => !f.startsWith(`${CARDS_DIR}/`) && !['_headers', '_redirects'].includes(f))) {
    const path = file.endsWith('.html') ? (pages.find((p) => p.file === file)?.path ?? `/${file}`) : `/${file}`;
    const policy = headerValues(rules, path, 'Cross-Origin-Resource-Policy');
    if (policy.join() !== RESOURCE_POLICY)
      add(
        path,
        'headers',
        `Cross-Origin-Resource-Policy is "${policy.join(', ')}"${policy.length > 1 ? ` (${policy.length} rules set it)` : ''}, not "${RESOURCE_POLICY}"`,
      );
  }

  // Redirects: every path of an earlier build that no page serves, as the content and its history give it.
  const redirectsFile = join(dist, '_redirects');
  const shipped = existsSync(redirectsFile) ? parseRedirectsFile(readFileSync(redirectsFile, 'utf8')) : [];
  if (!existsSync(redirectsFile))
    add('_redirects', 'redirects', 'dist/_redirects is missing (the deploy-files integration in astro.config.mjs writes it)');
  const rule = (r: { from: string; to: string; status: number; force: boolean }) => `${r.from} ${r.to} ${r.status}${r.force ? '!' : ''}`;
  const why = new Map([
    ...published.moved.map((m) => [m.from, m.reason] as const),
    ...published.gone.map((g) => [g.path, g.reason] as const),
    ...published.entryLinks.map((l) => [l.from, 'the CMS link of an entry'] as const),
  ]);
  const expectedRules = redirectRules(published);
  const expected = expectedRules.map(rule);
  const actual = shipped.map(rule);
  for (const r of expectedRules.filter((r) => !actual.includes(rule(r))))
    add('_redirects', 'redirects', `missing "${rule(r)}" (${why.get(r.from)})`);
  for (const line of actual.filter((l) => !expected.includes(l)))
    add(
      '_redirects',
      'redirects',
      `"${line}" is not what the content and its history give (content/redirects.yaml, renamed and removed entries)`,
    );
  for (const gone of published.gone)
    if (!files.includes(pageFile(gone.page))) add(gone.path, 'redirects', `its gone page ${gone.page} is not in the build`);

  // Budgets, new-tab links.
  for (const page of pages) {
    const weight = pageWeight(dist, page.file);
    if (weight.html > BUDGETS.html) add(page.path, 'budget', `HTML is ${kb(weight.html)} KB gzip, over ${kb(BUDGETS.html)} KB`);
    if (weight.css > BUDGETS.css) add(page.path, 'budget', `CSS is ${kb(weight.css)} KB gzip, over ${kb(BUDGETS.css)} KB`);
    for (const finding of findUnsafeBlankTargets(page.html)) add(page.path, 'new-tab', `${finding.kind}: ${finding.excerpt}`);
    const pictures = pagePictures(dist, page.html);
    for (const picture of pictures.filter((p) => !p.sized))
      add(page.path, 'picture', `<img src="${picture.src}"> has no width and height: the text below it would jump when it arrives`);
    if (weight.pictures > BUDGETS.pictures) {
      const heaviest = [...pictures].sort((a, b) => b.bytes - a.bytes).map((p) => `${p.url} ${kb(p.bytes)} KB`);
      add(
        page.path,
        'picture',
        `its pictures send ${kb(weight.pictures)} KB to a ${PHONE.width} px phone (${PHONE.dpr} device pixels per px), over ${kb(BUDGETS.pictures)} KB: ${heaviest.join(', ')}`,
      );
    }
  }

  // Secrets, in every text file.
  for (const file of files.filter((f) => TEXT.test(f))) {
    for (const finding of findSecrets(readFileSync(join(dist, file), 'utf8')))
      add(`/${file}`, 'secret', `${finding.kind} (${finding.excerpt})`);
  }

  // Links, on the site's own origin (the home page's canonical link).
  const canonical = /<link\s+rel="canonical"\s+href="([^"]+)"/.exec(pages.find((p) => p.path === '/')?.html ?? '')?.[1];
  const origin = canonical ? new URL(canonical).origin : undefined;
  if (!origin) add('/', 'link', 'the home page has no canonical link, so the site origin is unknown');
  else {
    for (const p of checkLinks({ pages, files: new Set(files), redirects: published.moved, gone: published.gone, origin }))
      add(p.page, 'link', `${p.link} ${p.reason}`);
  }

  // Social cards: every routed page but the CMS, on the site's origin.
  if (origin) {
    const routed = new Set(
      servedPaths(manifest)
        .map((s) => s.path)
        .filter((path) => path !== ADMIN_PATH),
    );
    const routedPages = pages.filter((page) => routed.has(page.path));
    for (const path of routed) if (!routedPages.some((p) => p.path === path)) add(path, 'card', 'the page is not in the build');
    for (const p of checkCards({ dist, pages: routedPages, rules, origin })) add(p.page, 'card', p.detail);
  }

  // security.txt.
  const securityTxt = join(dist, SECURITY_TXT_PATH.slice(1));
  const securityText = existsSync(securityTxt) ? readFileSync(securityTxt, 'utf8') : undefined;
  if (securityText === undefined) add(SECURITY_TXT_PATH, 'security.txt', 'missing');
  else if (origin) {
    for (const detail of securityTxtProblems(securityText, now, `${origin}${SECURITY_TXT_PATH}`))
      add(SECURITY_TXT_PATH, 'security.txt', detail);
  }

  // The rebuild trigger's file: what the database acts on must be what this build holds.
  const publishing = readPublishingFile(dist);
  if (publishing.problem !== undefined) add(PUBLISHING_FILE_PATH, 'publishing', publishing.problem);
  else {
    const { file } = publishing;
    const expected = publishingOf({ builtAt: new Date(file.builtAt), due: published.due });
    if (file.due.join() !== expected.due.join())
      add(PUBLISHING_FILE_PATH, 'publishing', `due is [${file.due.join(', ')}], not the content's due times [${expected.due.join(', ')}]`);
    if (file.securityTxtExpires !== expected.securityTxtExpires || file.renewBy !== expected.renewBy)
      add(
        PUBLISHING_FILE_PATH,
        'publishing',
        `securityTxtExpires ${file.securityTxtExpires} and renewBy ${file.renewBy} are not ${expected.securityTxtExpires} and ${expected.renewBy} (its builtAt's)`,
      );
    const expires = securityText === undefined ? undefined : parseSecurityTxt(securityText).get('expires')?.[0];
    if (expires !== undefined && new Date(expires).getTime() !== new Date(file.securityTxtExpires).getTime())
      add(
        PUBLISHING_FILE_PATH,
        'publishing',
        `securityTxtExpires ${file.securityTxtExpires} is not the Expires of security.txt (${expires}): the rebuild trigger would renew it at the wrong time`,
      );
  }
  return problems;
}

/** One line per problem: page, rule, detail. */
export function formatProblems(problems: Problem[]): string {
  return problems.map((p) => `  ${p.page}  [${p.rule}]  ${p.detail}`).join('\n');
}
