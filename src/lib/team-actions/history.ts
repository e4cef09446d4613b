/**
 * Where /team-action keeps its link: never in the address bar. The token is read from the fragment
 * it was opened with, then taken out (history.replaceState), and the page's own links between a
 * digest's list and a row never put one there: a list link in the tab's history would show a
 * digest's held rows for 7 days to anyone using that profile. Each entry's state keeps its link
 * (and the list it was opened from), so a reload, Back and Forward show the same view.
 */
import { readLink } from './link';

interface Saved {
  link?: string;
  from?: string;
}

/** `show` renders a link's view (`from`: the link it was opened from); `focus` puts reading where the view begins. */
export function linkHistory(show: (hash: string, from?: string) => void, focus: () => void) {
  const saved = (): Saved => (history.state as { teamAction?: Saved } | null)?.teamAction ?? {};
  const bare = () => location.pathname + location.search;
  let shown = '';

  function open(hash: string, from: string | undefined, entry: 'replace' | 'push') {
    const teamAction: Saved = { link: hash, ...(from ? { from } : {}) };
    if (entry === 'push') history.pushState({ teamAction }, '', bare());
    else history.replaceState({ ...(history.state as object | null), teamAction }, '', bare());
    shown = hash;
    show(hash, from);
  }

  addEventListener('hashchange', () => {
    // A link put in the address bar by hand: read, and taken out again.
    if (readLink(location.hash) === 'none') return;
    open(location.hash, shown, 'replace');
    focus();
  });
  addEventListener('popstate', () => {
    // Back or Forward between the page's views; an entry without a link (the skip link's #main) changes nothing.
    const { link, from } = saved();
    if (!link) return;
    shown = link;
    show(link, from);
    focus();
  });
  if (readLink(location.hash) !== 'none') open(location.hash, undefined, 'replace');
  else {
    shown = saved().link ?? '';
    show(shown, saved().from);
  }

  /** Follow a link of the page (another row of the list, or back to it): a new entry, the token kept out of its address. */
  return (hash: string, event: MouseEvent) => {
    // A new tab or window (a modifier, the middle button) opens the link's address as it is, and reads it there.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(hash, shown, 'push');
    focus();
  };
}
