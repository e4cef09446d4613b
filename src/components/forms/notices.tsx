/**
 * Notices (toasts) of the forms and the sign-in card: one toaster per page,
 * each notice shown 4 seconds, at most 3 visible (enough to read, never a wall of toasts). Success notices
 * are polite status messages; errors are alerts, announced at once.
 */
import { useEffect, useState } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

const NOTICE_MS = 4000;
const MAX_VISIBLE = 3;

export interface Notice {
  title?: string;
  text: string;
}

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
  return toast.error(<Body {...notice} />, { duration: NOTICE_MS, ariaProps: { role: 'alert', 'aria-live': 'assertive' } });
}

/**
 * The page's toaster. Render it once, inside the island that raises notices.
 * It is mounted only in the browser: in the server HTML its fixed, full-window
 * container would count as "visible" and hydrate a client:visible form at once.
 */
export function Notices() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <Toasts /> : null;
}

function Toasts() {
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
    />
  );
}
