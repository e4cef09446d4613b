/**
 * /admin/config.json: the CMS configuration, generated from the content
 * schemas at build time (src/lib/cms/config.ts). A file of its own keeps
 * admin.html small and lets the editor's script fetch it like any asset.
 */
import type { APIRoute } from 'astro';
import { getPage } from '../../lib/content/collections';
import { siteCmsConfig } from '../../lib/cms/site-config';

export const GET: APIRoute = async ({ site }) => {
  const page = await getPage('admin');
  const config = siteCmsConfig(process.env.CONTENT_DIR ?? 'content', (site?.href ?? '').replace(/\/$/, ''), page.data.meta.title);
  return new Response(JSON.stringify(config, null, 1), { headers: { 'Content-Type': 'application/json' } });
};
