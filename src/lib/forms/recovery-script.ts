/**
 * The recovery script (./recovery-page.ts, bundled on its own by the build as
 * RECOVERY_SCRIPT, unhashed, so a page whose hashed scripts a deploy removed
 * still finds it; src/lib/islands/integration.ts writes it). Loaded by the
 * `client:form` directive (src/directives/form.ts) and the islands only when they need it: a
 * failed load, a reload that left a form something to put back. No React and
 * nothing else here: the directive inlines this module into the pages with a form.
 */
export type RecoveryScript = typeof import('./recovery-page');

export const RECOVERY_SCRIPT = '/island-recovery.js';

/** The recovery script, loaded once (a failed load is tried again next time). */
let script: Promise<RecoveryScript> | undefined;
export function loadRecoveryScript(url: string = RECOVERY_SCRIPT): Promise<RecoveryScript> {
  // A URL of the site rather than a module of the build: bundlers leave the import as it is.
  script ??= import(/* @vite-ignore */ url) as Promise<RecoveryScript>;
  script.catch(() => (script = undefined));
  return script;
}

/**
 * The island's offline notice (src/components/forms/IslandNotice.astro, a template next to the island), for when
 * even the recovery script cannot come: the page says so with no script of its own.
 */
export function showOfflineNotice(formId: string): void {
  const box = document.querySelector(`[data-island-notice="${formId}"]`);
  const words = box?.querySelector<HTMLTemplateElement>('template[data-notice="offline"]');
  if (words) box?.querySelector('[data-notice-text]')?.replaceChildren(words.content.cloneNode(true));
}
