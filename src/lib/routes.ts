/**
 * Static paths for the catch-all route: every canonical path and alias of
 * every page, product, service and post in content/. A page entry with
 * `layout: custom` is rendered by its own file in src/pages instead.
 */
import { getCollection } from 'astro:content';
import { getPages, getProducts, getServices, filled } from './content';
import type { PageMeta } from './schemas';

export type RouteProps =
  | { kind: 'page'; id: string; meta: PageMeta }
  | { kind: 'product'; id: string; meta: PageMeta }
  | { kind: 'service'; id: string; meta: PageMeta }
  | { kind: 'post'; id: string; meta: PageMeta };

export async function routedEntries(): Promise<RouteProps[]> {
  const entries: RouteProps[] = [];
  for (const page of await getPages()) {
    if (page.data.layout === 'sections') entries.push({ kind: 'page', id: page.id, meta: page.data.meta });
  }
  for (const product of await getProducts()) {
    if (product.data.meta) entries.push({ kind: 'product', id: product.id, meta: product.data.meta });
  }
  for (const service of await getServices()) {
    if (service.data.meta) entries.push({ kind: 'service', id: service.id, meta: service.data.meta });
  }
  for (const post of await getCollection('posts')) {
    entries.push({ kind: 'post', id: post.id, meta: await filled(post.data.meta) });
  }
  return entries;
}

/** `[...path]` params: the home page is `undefined`, others drop the leading slash. */
export function toParam(path: string): string | undefined {
  return path === '/' ? undefined : path.replace(/^\//, '');
}
