/**
 * The order of products and services on their pages: entries with an `order`
 * first, by that number, then those without one, by title. A new entry shows
 * up without renumbering the others; numbering a few pins them to the top.
 */
export interface Orderable {
  order?: number;
  title: string;
}

// One fixed locale, so the order does not depend on the machine that builds.
const titles = new Intl.Collator('en');

export function byOrderThenTitle(a: Orderable, b: Orderable): number {
  if (a.order !== undefined && b.order !== undefined) {
    if (a.order !== b.order) return a.order - b.order;
  } else if (a.order !== undefined) return -1;
  else if (b.order !== undefined) return 1;
  return titles.compare(a.title, b.title);
}
