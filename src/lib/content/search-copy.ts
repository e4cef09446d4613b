/**
 * The words of the site search and the not-found page (content/search.yaml),
 * placeholders filled. Build time only. The run-time slots ({query}, {count},
 * {max}, {path}) stay as written: the visitor's browser fills them in.
 */
import { getEntry } from 'astro:content';
import { getSite } from './collections';
import { fillDeep, placeholderValues } from './placeholders';
import { searchRuntimeSlots, type SearchCopy } from './schemas';

export const RUNTIME_SLOTS = searchRuntimeSlots;

export async function getSearchCopy(): Promise<SearchCopy> {
  const entry = await getEntry('search', 'search');
  if (!entry) throw new Error('content/search.yaml must define a top-level "search:" entry');
  const kept = Object.fromEntries(RUNTIME_SLOTS.map((slot) => [slot, `{${slot}}`]));
  return fillDeep(entry.data as SearchCopy, { ...placeholderValues(await getSite()), ...kept });
}
