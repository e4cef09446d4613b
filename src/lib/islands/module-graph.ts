/**
 * Each form island's module graph, written into its page by the build, so the
 * page can fetch every module the island's first render needs in one round
 * trip before the visitor touches it (src/directives/form.ts), instead
 * of the chain the browser discovers one import at a time after the touch
 * (the island's module, then what it imports, then what those import).
 *
 * The list goes on the island's element as `data-preload`, space-separated
 * URLs: the island's module, its renderer (React) and everything they import
 * statically, which is what runs when it hydrates. What that code imports on
 * demand (the notices, the Supabase client, the sign-in card's auth module)
 * is not in it: each island loads that by its own rule, after its first render.
 * Only form islands (`client:form`, src/directives/form.ts) get them (the mobile
 * menu works without its script, the hero starts on a scroll): pages without
 * a form fetch nothing more.
 *
 * Read from the built chunks (Vite writes `import{…}from"./x.js"` with
 * relative specifiers); a specifier that names no file of the build is left out.
 */
import { PRELOAD_ATTRIBUTE } from './prefetch';

const QUOTED = '(["\'`])(\\.{1,2}/[^"\'`]+?\\.js)\\1';
const STATIC_IMPORT = new RegExp(`(?:^|[;}\\s])(?:import|export)\\s*(?:[\\w*{}\\s,$]+?\\s*from\\s*)?${QUOTED}`, 'g');

/** The relative specifiers a built chunk imports statically (`import()` on demand is not), in order of appearance. */
export function staticImports(code: string): string[] {
  return [...new Set([...code.matchAll(STATIC_IMPORT)].map((m) => m[2]))];
}

/** A specifier resolved against the URL path of the chunk that imports it: ./x.js in /_astro/a.js is /_astro/x.js. */
export function resolveSpecifier(from: string, specifier: string): string {
  return new URL(specifier, `http://site${from}`).pathname;
}

/** Reads a built chunk by its URL path; undefined when the build has no such file. */
export type ReadChunk = (path: string) => string | undefined;

/** The entries and every module they import statically, entries first: what hydrating the island runs. */
export function islandGraph(entries: readonly string[], read: ReadChunk): string[] {
  const graph: string[] = [];
  const visit = (path: string) => {
    const code = read(path);
    if (graph.includes(path) || code === undefined) return;
    graph.push(path);
    for (const specifier of staticImports(code)) visit(resolveSpecifier(path, specifier));
  };
  entries.forEach(visit);
  return graph;
}

const ISLAND_TAG = /<\/?astro-island\b[^>]*>/g;

/** The start tag of each form island (`client:form`, src/directives/form.ts) that holds a form. */
function formIslands(html: string): { start: number; tag: string }[] {
  const found: { start: number; tag: string }[] = [];
  const open: { start: number; tag: string; end: number }[] = [];
  for (const match of html.matchAll(ISLAND_TAG)) {
    if (!match[0].startsWith('</')) {
      open.push({ start: match.index, tag: match[0], end: match.index + match[0].length });
      continue;
    }
    const island = open.pop();
    if (!island) continue;
    const inside = html.slice(island.end, match.index);
    if (/\bclient="form"/.test(island.tag) && /<form\b/.test(inside)) found.push({ start: island.start, tag: island.tag });
  }
  return found.sort((a, b) => a.start - b.start);
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * The page with each form island's graph written on its element (`data-preload`), replacing a list an
 * earlier pass wrote. The entries are the island's own attributes: its module, its renderer, and the
 * script Astro runs before hydrating it, if any.
 */
export function withIslandGraphs(html: string, read: ReadChunk): string {
  let out = '';
  let at = 0;
  for (const { start, tag } of formIslands(html)) {
    const entries = ['before-hydration-url', 'component-url', 'renderer-url']
      .map((name) => attribute(tag, name))
      .filter((url): url is string => Boolean(url));
    const graph = islandGraph(entries, read);
    const bare = tag.replace(new RegExp(`\\s${PRELOAD_ATTRIBUTE}="[^"]*"`, 'g'), '');
    const list = graph.length ? ` ${PRELOAD_ATTRIBUTE}="${graph.join(' ')}"` : '';
    out += html.slice(at, start) + bare.replace(/>$/, `${list}>`);
    at = start + tag.length;
  }
  return out + html.slice(at);
}
