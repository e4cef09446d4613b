/**
 * The one trailing-slash rule of the site: paths never end in "/" (except the
 * home page "/"). Astro is configured with `trailingSlash: 'never'` and
 * `build.format: 'file'`, the sitemap follows the same setting, and canonical
 * links are built here, so all three agree.
 */
export function normalizePath(path: string): string {
  if (path === '' || path === '/') return '/';
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.replace(/\/+$/, '');
}

/**
 * The site path of the page being rendered, from Astro.url.pathname: with
 * build.format 'file' a page renders at "/about.html" (the home page at
 * "/index.html") while links and the sitemap say "/about" and "/".
 */
export function pagePath(pathname: string): string {
  return normalizePath(pathname.replace(/\.html$/, '').replace(/(^|\/)index$/, '/'));
}

/** Absolute URL of a site path on the canonical host. */
export function absoluteUrl(host: string, path: string): string {
  const origin = host.replace(/\/+$/, '');
  const normalized = normalizePath(path);
  return normalized === '/' ? `${origin}/` : `${origin}${normalized}`;
}

/** True for links that leave the site (http(s) to another origin, mailto:, tel:). */
export function isExternal(href: string, host?: string): boolean {
  if (/^(mailto|tel):/i.test(href)) return true;
  if (!/^https?:\/\//i.test(href)) return false;
  if (!host) return true;
  return new URL(href).origin !== new URL(host).origin;
}
