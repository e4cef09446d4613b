/**
 * Notices (toasts) of the forms and the sign-in card, without their library:
 * the toasts themselves (./toasts.tsx, react-hot-toast) are a module of their
 * own, which an island's first render does not need. The islands load it once
 * they are ready, when the browser is idle, and their sends wait for it
 * (`loadNotices`) before anything is sent, so a notice never waits for it and
 * a module that cannot load is recovered like the island's own code.
 *
 * A failure notice asked for while the module was on its way, then made void
 * by the visitor acting again (`dismissFailures`), is not shown.
 */
import { useEffect, useState, type ComponentType } from 'react';

export interface Notice {
  title?: string;
  text: string;
}

type Toasts = typeof import('./toasts');

let toasts: Toasts | undefined;
let loading: Promise<Toasts> | undefined;
const mounted = new Set<() => void>();
/** Counts the visitor's new actions: a failure notice asked for before the last one is not shown. */
let acted = 0;

/** The toasts' module, loaded once (a failed load is tried again next time). */
export function loadNotices(): Promise<Toasts> {
  loading ??= import('./toasts').then((module) => {
    toasts = module;
    mounted.forEach((render) => render());
    return module;
  });
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Runs `show` with the toasts' module: now when it has loaded, else once it has; a module that cannot load is logged. */
function withToasts(show: (module: Toasts) => void) {
  if (toasts) return show(toasts);
  loadNotices().then(show, (error) => console.error('A notice could not be shown:', error));
}

/** A polite status message, shown 4 seconds. */
export function notifySuccess(notice: Notice) {
  withToasts((module) => module.notifySuccess(notice));
}

/** An alert, announced at once, that stays until the visitor dismisses it or acts again. */
export function notifyError(notice: Notice) {
  const asked = acted;
  withToasts((module) => {
    if (asked === acted) module.notifyError(notice);
  });
}

/** The visitor acted (changed a field, sent again): the failure notices have had their say. */
export function dismissFailures() {
  acted++;
  toasts?.dismissFailures();
}

/**
 * The page's toaster, once the toasts' module has loaded. Render it once, inside the island that raises
 * notices. `dismiss` names the button that closes a failure notice.
 */
export function Notices({ dismiss }: { dismiss: string }) {
  const [Toaster, setToaster] = useState<ComponentType<{ dismiss: string }> | undefined>(() => toasts?.Notices);
  useEffect(() => {
    const render = () => setToaster(() => toasts?.Notices);
    mounted.add(render);
    render();
    return () => void mounted.delete(render);
  }, []);
  return Toaster ? <Toaster dismiss={dismiss} /> : null;
}
