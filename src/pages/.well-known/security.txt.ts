import type { APIRoute } from 'astro';
import { getSite } from '../../lib/content/collections';
import { securityTxt } from '../../lib/deploy/security-txt';

export const GET: APIRoute = async ({ site }) => {
  const { email } = await getSite();
  return new Response(securityTxt({ email: email.security, host: site!.href, now: new Date() }), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
