/**
 * The rules for the sign-in service's URLs in supabase/config.toml [auth]:
 * the site URL is the site's `host` (content/site.yaml); password-reset links
 * may return only to /login on that host: no wildcard (a deploy preview anyone
 * can open would receive reset codes); everything is https. Returns what is
 * wrong, nothing when all is right.
 */
export interface AuthUrls {
  site_url?: unknown;
  additional_redirect_urls?: unknown;
}

export function authUrlProblems(auth: AuthUrls, site: { host: string }): string[] {
  const problems: string[] = [];
  const host = site.host.replace(/\/+$/, '');
  if (!host.startsWith('https://')) problems.push(`content/site.yaml host ${host} is not https`);
  if (typeof auth.site_url !== 'string' || !auth.site_url.startsWith('https://'))
    problems.push(`site_url ${String(auth.site_url)} is not https`);
  else if (auth.site_url.replace(/\/+$/, '') !== host)
    problems.push(`site_url ${auth.site_url} is not the host in content/site.yaml (${host})`);

  const redirects = Array.isArray(auth.additional_redirect_urls) ? auth.additional_redirect_urls : [];
  const allowed = new Set([`${host}/login`]);
  for (const url of redirects) {
    if (typeof url !== 'string' || !url.startsWith('https://')) problems.push(`redirect URL ${String(url)} is not https`);
    else if (url.includes('*')) problems.push(`redirect URL ${url} is a wildcard: every host it matches could receive reset codes`);
    else if (!allowed.has(url)) problems.push(`redirect URL ${url} is not /login on ${host}`);
  }
  for (const url of allowed) if (!redirects.includes(url)) problems.push(`redirect URL ${url} is missing`);
  return problems;
}
