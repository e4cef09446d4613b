import type { APIRoute } from 'astro';
import { getSite } from '../../lib/content/collections';
import { securityTxt } from '../../lib/deploy/security-txt';
import { buildTime } from '../../lib/content/publishing';

// The build's own time (BUILD_TIME, set by astro.config.mjs), so the Expires is the one dist/publishing.json names.
export const GET: APIRoute = async ({ site }) => {
  const { email } = await getSite();
  return new Response(securityTxt({ email: email.security, host: site!.href, builtAt: buildTime() }), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
