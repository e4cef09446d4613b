/**
 * The small-screen menu. Its server HTML already works without JavaScript:
 * a native popover (button popovertarget) opens and closes it, Escape and a
 * click outside close it and focus returns to the button. The island is
 * hydrated on first interaction (client:interaction) and adds what HTML
 * cannot: a focus trap while open, and moving focus to the first link when
 * it opens. No aria-expanded: the browser derives the button's expanded
 * state from popovertarget (and HTML forbids the attribute there).
 */
import { useEffect, useRef, useState } from 'react';

export interface MenuLink {
  label: string;
  href: string;
}

interface Props {
  links: MenuLink[];
  login: MenuLink;
  search: MenuLink;
  /** The page's site path as links write it ("/about", not "/about.html"). */
  currentPath: string;
  /** Screen-reader names from content/ui.yaml (header). */
  labels: { menu: string; panel: string; navigation: string };
}

const PANEL_ID = 'mobile-menu';

export default function MobileMenu({ links, login, search, currentPath, labels }: Props) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    // The first click may have opened the popover natively before hydration finished.
    const initiallyOpen = el.matches(':popover-open');
    setOpen(initiallyOpen);
    if (initiallyOpen) el.querySelector<HTMLElement>('a')?.focus();
    const onToggle = (event: Event) => {
      const isOpen = (event as ToggleEvent).newState === 'open';
      setOpen(isOpen);
      if (isOpen) el.querySelector<HTMLElement>('a')?.focus();
    };
    el.addEventListener('toggle', onToggle);
    return () => el.removeEventListener('toggle', onToggle);
  }, []);

  useEffect(() => {
    if (!open) return;
    // Keep Tab and Shift+Tab inside the button and the menu while it is open.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !panel.current || !button.current) return;
      const focusable = [button.current, ...panel.current.querySelectorAll<HTMLElement>('a[href]')];
      const index = focusable.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey ? index - 1 : index + 1;
      event.preventDefault();
      focusable[(next + focusable.length) % focusable.length].focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const currentIf = (href: string) => (href === currentPath ? 'page' : undefined);
  const linkClass = (href: string) =>
    `block rounded-lg px-3 py-3 text-base font-medium ${href === currentPath ? 'bg-brand-50 text-brand-800' : 'text-ink-900 hover:bg-ink-50'}`;

  return (
    <>
      <button
        ref={button}
        type="button"
        popoverTarget={PANEL_ID}
        aria-controls={PANEL_ID}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-ink-900 hover:bg-ink-50"
      >
        <span className="sr-only">{labels.menu}</span>
        <svg
          aria-hidden="true"
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <div
        ref={panel}
        id={PANEL_ID}
        popover="auto"
        aria-label={labels.panel}
        role="dialog"
        className="mobile-menu-panel m-0 w-full border-b border-ink-200 bg-white p-4 shadow-lg"
      >
        <nav aria-label={labels.navigation}>
          <ul className="space-y-1">
            {links.map((link) => (
              <li key={link.href + link.label}>
                <a href={link.href} className={linkClass(link.href)} aria-current={currentIf(link.href)}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a href={search.href} className={linkClass(search.href)} aria-current={currentIf(search.href)}>
                {search.label}
              </a>
            </li>
          </ul>
          <a href={login.href} className="btn-primary mt-4 w-full" aria-current={currentIf(login.href)}>
            {login.label}
          </a>
        </nav>
      </div>
    </>
  );
}
