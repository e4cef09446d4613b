/**
 * /team-action in the browser (src/pages/team-action.astro). The address's fragment holds a link
 * from a team message (./link.ts); the page says what it will do, from the link itself at once and
 * with the details the notify-submission function gives (the same fields as the message), and acts
 * only when its one button is pressed: opening the link changes nothing, so mail scanners and link
 * previews that open it do no harm. Erasing asks for the address to be typed again. A list link
 * (a digest's held rows) lists them with links to this same page. No token stays in the address
 * bar or the tab's history (./history.ts).
 *
 * Rendered with DOM calls and textContent only: what the function answers is never markup. Its
 * words are the page's JSON copy (`teamActions` in content/forms.yaml), the function's address the
 * page's `data-endpoint` (empty when the site was built without a Supabase project).
 */
import { linkHistory } from './history';
import { confirms, linkHash, readLink, type PageLink } from './link';
import { ask, type Answer } from './request';
import { fill, keptText, refusalText, submissions, when, type Formats, type Refusal, type TeamActionsCopy } from './words';

/** A held row as the function shows it (HeldView in supabase/functions/notify-submission/message.ts). */
interface RowView {
  form: string;
  name: string;
  email: string;
  received: string;
  excerpt: string;
}
type ListedRow = RowView & { id: string; release: string; erase?: string };
/** A row an erase link would delete, as the function shows it: no more than says which it is. */
interface ErasedRow {
  form: string;
  received: string;
  held: boolean;
}

/** Refusals after which pressing again may work: nothing is final about them. */
const RETRYABLE = new Set(['network', 'unavailable', 'internal']);

type Child = Node | string | null | undefined | false;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { class?: string; text?: string; attrs?: Record<string, string> } = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.class) node.className = props.class;
  if (props.text !== undefined) node.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

/** `template` with its {slots} filled, a slot given as a node kept as that node (the address in bold). */
function filled(template: string, slots: Record<string, string | Node>): Node[] {
  return template.split(/(\{\w+\})/).map((part) => {
    const slot = /^\{(\w+)\}$/.exec(part)?.[1];
    const value = slot !== undefined ? slots[slot] : undefined;
    if (value === undefined) return document.createTextNode(part);
    return typeof value === 'string' ? document.createTextNode(value) : value.cloneNode(true);
  });
}

const isRowView = (value: unknown): value is RowView =>
  typeof value === 'object' &&
  value !== null &&
  ['form', 'name', 'email', 'received', 'excerpt'].every((k) => typeof (value as Record<string, unknown>)[k] === 'string');

const isErasedRow = (value: unknown): value is ErasedRow =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ErasedRow).form === 'string' &&
  typeof (value as ErasedRow).received === 'string' &&
  typeof (value as ErasedRow).held === 'boolean';

export function startTeamActionPage(doc: Document = document): void {
  const root = doc.getElementById('team-action');
  const copyNode = doc.getElementById('team-action-copy');
  if (!root || !copyNode) return;
  const copy = JSON.parse(copyNode.textContent ?? '{}') as TeamActionsCopy;
  const heading = doc.getElementById('team-action-heading')!;
  const status = doc.getElementById('team-action-status')!;
  const view = doc.getElementById('team-action-view')!;
  const firstHeading = heading.textContent ?? '';
  const formats: Formats = { locale: doc.documentElement.lang || undefined };
  // Written by the build (the project's URL): no module to fetch before the page can act.
  const endpoint = root.dataset.endpoint || null;
  const at = (time: string | number | undefined) => when(time ?? '', formats.locale, formats.timeZone);
  // A newer link (the fragment changed) makes the answers of an older one stale.
  let generation = 0;

  const request = (payload: Record<string, unknown>): Promise<Answer> =>
    endpoint ? ask(endpoint, payload) : Promise.resolve({ ok: false, refusal: { code: 'not_configured' } });

  function say(text: string) {
    status.textContent = text;
  }

  function details(row: RowView): HTMLElement {
    const pair = (label: string, value: string) =>
      value ? [el('dt', { class: 'font-semibold text-ink-900', text: label }), el('dd', { class: 'text-ink-700', text: value })] : [];
    const from = [row.name, row.email && `<${row.email}>`].filter(Boolean).join(' ');
    return el(
      'dl',
      { class: 'mt-6 grid gap-x-6 gap-y-2 rounded-xl border border-ink-200 bg-ink-50 p-4 sm:grid-cols-[max-content_1fr]' },
      ...pair(copy.row.form, row.form),
      ...pair(copy.row.from, from),
      ...pair(copy.row.received, at(row.received)),
      ...pair(copy.row.excerpt, row.excerpt && `“${row.excerpt}”`),
    );
  }

  /**
   * The one button of an action, and what pressing it does: `act` sends, `result` words the
   * answer. A final answer replaces the button with the outcome, which takes the focus; after a
   * failure that may pass on a second press, the button stays.
   */
  function actionButton(label: string, working: string, className: string, act: () => Promise<Answer>, result: (answer: Answer) => string) {
    const button = el('button', { class: className, text: label, attrs: { type: 'submit' } });
    const outcome = el('p', {
      class: 'mt-6 rounded-xl border border-ink-600 bg-ink-50 p-4 font-semibold text-ink-900',
      attrs: { id: 'team-action-outcome', tabindex: '-1' },
    });
    let busy = false;
    const press = async (mine: number) => {
      if (busy) return;
      busy = true;
      button.disabled = true;
      button.textContent = working;
      view.setAttribute('aria-busy', 'true');
      const answer = await act();
      if (mine !== generation) return;
      busy = false;
      view.removeAttribute('aria-busy');
      outcome.textContent = result(answer);
      say('');
      if (!answer.ok && RETRYABLE.has(answer.refusal.code)) {
        button.disabled = false;
        button.textContent = label;
        button.before(outcome);
      } else {
        view.querySelector('[data-expires]')?.remove();
        button.replaceWith(outcome);
      }
      outcome.focus();
    };
    return { button, press };
  }

  const refusal = (answer: Answer, email = '') => (answer.ok ? '' : refusalText(copy, answer.refusal as Refusal, email, formats));
  const expiresNote = (link: PageLink) =>
    el('p', { class: 'mt-4 text-sm text-ink-600', text: fill(copy.expires, { when: at(link.expires) }), attrs: { 'data-expires': '' } });

  function release(link: PageLink, mine: number): Node[] {
    heading.textContent = copy.release.heading;
    const what = el('p', { class: 'text-ink-900', text: copy.release.what });
    const slot = el('div');
    const { button, press } = actionButton(
      copy.release.button,
      copy.release.working,
      'btn-primary mt-6',
      () => request({ link: link.token, act: true }),
      (answer) =>
        answer.ok ? fill(copy.release.done, { when: at(String((answer.body.done as Refusal['done'])?.at ?? '')) }) : refusal(answer),
    );
    button.type = 'button';
    button.addEventListener('click', () => void press(mine));
    say(copy.checking);
    void request({ link: link.token }).then((answer) => {
      if (mine !== generation || button.disabled || !button.isConnected) return;
      if (answer.ok && isRowView(answer.body.row)) {
        slot.replaceChildren(details(answer.body.row));
        say('');
      } else if (!answer.ok) {
        say(refusal(answer));
        if (!RETRYABLE.has(answer.refusal.code)) {
          button.remove();
          view.querySelector('[data-expires]')?.remove();
        }
      }
    });
    return [what, slot, expiresNote(link), button];
  }

  function erase(link: PageLink, mine: number): Node[] {
    const email = link.subject;
    heading.textContent = copy.erase.heading;
    const what = el(
      'p',
      { class: 'text-ink-900' },
      ...filled(copy.erase.what, { email: el('strong', { class: 'font-semibold', text: email }) }),
    );
    // What will go, once the function has said: how many, the newest 50, the rest counted, and what is kept.
    const stored = el('div');
    const listed = (body: Record<string, unknown>): HTMLElement => {
      const total = Number(body.total) || 0;
      const rows = (Array.isArray(body.rows) ? body.rows : []).filter(isErasedRow);
      const older = total - rows.length;
      const kept = keptText(copy, Number(body.kept) || 0);
      return el(
        'div',
        { class: 'mt-4' },
        el('p', {
          class: 'font-semibold text-ink-900',
          text: fill(copy.erase.stored, { count: submissions(copy, total) }),
          attrs: { id: 'team-action-erased-title' },
        }),
        el(
          'ul',
          {
            class: 'mt-2 divide-y divide-ink-200 rounded-xl border border-ink-200 bg-ink-50',
            attrs: { 'aria-labelledby': 'team-action-erased-title' },
          },
          ...rows.map((row) =>
            // Form and state on one line, the time under it: at a phone's width nothing breaks inside a date.
            el(
              'li',
              { class: 'flex flex-wrap items-baseline justify-between gap-x-3 px-4 py-2' },
              el('span', { class: 'font-semibold text-ink-900', text: row.form }),
              el('span', { class: 'text-sm text-ink-700', text: row.held ? copy.erase.held : copy.erase.notHeld }),
              el('span', { class: 'w-full text-sm text-ink-600', text: at(row.received) }),
            ),
          ),
        ),
        older > 0 &&
          el('p', { class: 'mt-2 text-ink-700', text: older === 1 ? copy.erase.older.one : fill(copy.erase.older.many, { count: older }) }),
        kept && el('p', { class: 'mt-4 text-ink-900', text: kept }),
      );
    };
    const input = el('input', {
      class: 'field-input',
      attrs: {
        id: 'team-action-confirm',
        name: 'address',
        type: 'text',
        inputmode: 'email',
        autocomplete: 'off',
        autocapitalize: 'none',
        spellcheck: 'false',
        required: '',
        'aria-describedby': 'team-action-confirm-hint',
      },
    });
    const error = el('p', { class: 'field-error', attrs: { id: 'team-action-confirm-error' } });
    error.hidden = true;
    const { button, press } = actionButton(
      copy.erase.button,
      copy.erase.working,
      'btn mt-6 bg-danger-700 text-white hover:bg-ink-900',
      () => request({ link: link.token, act: true, address: input.value }),
      (answer) => {
        if (answer.ok) {
          const done = answer.body.done as Refusal['done'];
          const erased = fill(copy.erase.done, { when: at(done?.at), count: submissions(copy, done?.count ?? 0) });
          return [erased, keptText(copy, Number(answer.body.kept) || 0)].filter(Boolean).join(' ');
        }
        return refusal(answer, email);
      },
    );
    const form = el(
      'form',
      { class: 'mt-6', attrs: { novalidate: '', 'aria-labelledby': 'team-action-heading' } },
      el('label', { class: 'field-label', text: copy.erase.confirm, attrs: { for: 'team-action-confirm' } }),
      input,
      el('p', { class: 'mt-1 text-sm text-ink-600', text: copy.erase.hint, attrs: { id: 'team-action-confirm-hint' } }),
      error,
      button,
    );
    const mismatch = (show: boolean) => {
      error.hidden = !show;
      error.textContent = show ? fill(copy.erase.mismatch, { email }) : '';
      if (show) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', 'team-action-confirm-error team-action-confirm-hint');
      } else {
        input.removeAttribute('aria-invalid');
        input.setAttribute('aria-describedby', 'team-action-confirm-hint');
      }
    };
    input.addEventListener('input', () => {
      if (!error.hidden && confirms(input.value, email)) mismatch(false);
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!confirms(input.value, email)) {
        mismatch(true);
        input.focus();
        return;
      }
      mismatch(false);
      void press(mine).then(() => {
        if (form.contains(doc.getElementById('team-action-outcome')) && !form.querySelector('button')) {
          input.disabled = true;
        }
      });
    });
    say(copy.checking);
    void request({ link: link.token }).then((answer) => {
      if (mine !== generation || button.disabled || !button.isConnected) return;
      if (answer.ok && Array.isArray(answer.body.rows)) {
        stored.replaceChildren(listed(answer.body));
        say('');
      } else if (!answer.ok) {
        say(refusal(answer, email));
        if (!RETRYABLE.has(answer.refusal.code)) {
          form.remove();
          view.querySelector('[data-expires]')?.remove();
        }
      }
    });
    return [what, stored, expiresNote(link), form];
  }

  function list(link: PageLink, mine: number): Node[] {
    heading.textContent = fill(copy.list.heading, { digest: link.subject });
    const intro = el('p', { class: 'text-ink-900' });
    const items = el('ol', { class: 'mt-6 space-y-4' });
    const more = el('button', { class: 'btn-secondary mt-6', text: copy.list.more, attrs: { type: 'button' } });
    more.hidden = true;
    let shown = 0;
    const rowItem = (row: ListedRow) => {
      const title = `team-action-row-${row.id}`;
      const who = [row.name, row.email && `<${row.email}>`].filter(Boolean).join(' ');
      const action = (token: string, text: string) => linkTo(linkHash(token), text, 'btn-secondary', { 'aria-describedby': title });
      return el(
        'li',
        { class: 'card' },
        el('p', { class: 'font-semibold text-ink-900', text: `${row.form} · ${who}`, attrs: { id: title } }),
        el('p', { class: 'mt-1 text-sm text-ink-600', text: at(row.received) }),
        row.excerpt && el('p', { class: 'mt-2 text-ink-700', text: `“${row.excerpt}”` }),
        el(
          'p',
          { class: 'mt-4 flex flex-wrap gap-3' },
          action(row.release, copy.list.release),
          row.erase && action(row.erase, copy.list.erase),
        ),
      );
    };
    const load = async () => {
      more.disabled = true;
      say(copy.checking);
      const answer = await request({ link: link.token, skip: shown });
      if (mine !== generation) return;
      more.disabled = false;
      if (!answer.ok) {
        say(refusal(answer));
        return;
      }
      say('');
      const total = Number(answer.body.total) || 0;
      const rows = (Array.isArray(answer.body.rows) ? answer.body.rows : []) as ListedRow[];
      intro.textContent = total === 0 ? copy.list.none : fill(copy.list.intro, { total: submissions(copy, total) });
      const added = rows.filter(isRowView).map(rowItem);
      items.append(...added);
      const first = shown > 0 ? added[0]?.querySelector('a') : null;
      shown += added.length;
      more.hidden = shown >= total || added.length === 0;
      first?.focus();
    };
    more.addEventListener('click', () => void load());
    void load();
    return [intro, items, more];
  }

  function show(hash: string, from?: string) {
    const mine = ++generation;
    view.removeAttribute('aria-busy');
    const link = readLink(hash);
    const back = from && link !== 'none' && link !== 'malformed' && link.kind !== 'list' && readLink(from);
    const backLink =
      back && back !== 'none' && back !== 'malformed' && back.kind === 'list'
        ? el('p', { class: 'mb-6' }, linkTo(from!, copy.list.back, 'btn-link'))
        : null;
    say('');
    if (link === 'none' || link === 'malformed') {
      heading.textContent = firstHeading;
      view.replaceChildren();
      say(link === 'none' ? copy.noLink : copy.refusals.link_malformed);
      return;
    }
    if (link.expires <= Date.now()) {
      heading.textContent = link.kind === 'list' ? fill(copy.list.heading, { digest: link.subject }) : copy[link.kind].heading;
      view.replaceChildren();
      say(refusalText(copy, { code: 'link_expired', expired: new Date(link.expires).toISOString() }, '', formats));
      return;
    }
    const parts = link.kind === 'release' ? release(link, mine) : link.kind === 'erase' ? erase(link, mine) : list(link, mine);
    view.replaceChildren(...(backLink ? [backLink] : []), ...parts);
  }

  // Started once `show` can run: it shows the link the page was opened or reloaded with.
  const follow = linkHistory(show, () => heading.focus());
  /** A link to another view of this page (./history.ts keeps its token out of the address bar). */
  function linkTo(hash: string, text: string, className: string, attrs: Record<string, string> = {}) {
    const link = el('a', { class: className, text, attrs: { href: hash, ...attrs } });
    link.addEventListener('click', (event) => follow(hash, event));
    return link;
  }
  root.dataset.ready = '';
}
