/**
 * The toasts of the forms and the sign-in card (react-hot-toast), loaded on
 * demand through ./notices.tsx, which the islands import: one toaster per page, at
 * most 3 visible (never a wall of toasts). Success notices are polite status
 * messages shown 4 seconds. A failure is an alert, announced at once, that
 * stays until the visitor dismisses it or acts again (changes a field, sends
 * again: `dismissFailures`), since it asks them to do something.
 */
import { useEffect, useState } from 'react';
import toast, { ToastBar, Toaster, useToasterStore } from 'react-hot-toast';
import type { Notice } from './notices';

const NOTICE_MS = 4000;
const MAX_VISIBLE = 3;
/** The failure notices on the page. */
const failures = new Set<string>();

function Body({ title, text }: Notice) {
  return (
    <span className="block text-left">
      {title && <strong className="block font-semibold text-ink-900">{title}</strong>}
      <span className="block text-sm text-ink-700">{text}</span>
    </span>
  );
}

export function notifySuccess(notice: Notice) {
  return toast.success(<Body {...notice} />, { duration: NOTICE_MS });
}

export function notifyError(notice: Notice) {
  const id = toast.error(<Body {...notice} />, { duration: Infinity, ariaProps: { role: 'alert', 'aria-live': 'assertive' } });
  failures.add(id);
  return id;
}

/** The visitor acted (changed a field, sent again): the failure notices have had their say. */
export function dismissFailures() {
  for (const id of failures) toast.dismiss(id);
  failures.clear();
}

/**
 * The page's toaster. Render it once, inside the island that raises notices.
 * It is mounted only in the browser: in the server HTML its fixed, full-window
 * container would count as "visible" and hydrate a client:visible form at once.
 * `dismiss` names the button that closes a failure notice.
 */
export function Notices({ dismiss }: { dismiss: string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <Toasts dismiss={dismiss} /> : null;
}

function Toasts({ dismiss }: { dismiss: string }) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // Newest first: take everything beyond the third visible notice off the page at once.
    toasts
      .filter((t) => t.visible)
      .slice(MAX_VISIBLE)
      .forEach((t) => toast.remove(t.id));
  }, [toasts]);
  return (
    <Toaster
      position="top-center"
      containerStyle={{ top: 80 }}
      toastOptions={{ duration: NOTICE_MS, style: { maxWidth: '28rem', padding: '12px 14px' } }}
    >
      {(t) => (
        <ToastBar toast={t}>
          {({ icon, message }) => (
            <>
              {icon}
              {message}
              {t.type === 'error' && (
                <button
                  type="button"
                  className="-my-1 -mr-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-50"
                  onClick={() => {
                    toast.dismiss(t.id);
                    failures.delete(t.id);
                  }}
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                  <span className="sr-only">{dismiss}</span>
                </button>
              )}
            </>
          )}
        </ToastBar>
      )}
    </Toaster>
  );
}
