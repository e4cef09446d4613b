/**
 * The team-role avatars of the home hero, each a button whose tooltip names
 * the role (WCAG 1.4.13): it shows on hover and on keyboard focus, stays while
 * the pointer moves onto it, and Escape hides it until the pointer or focus
 * comes back. A click or tap pins it open (touch has no hover) and a second
 * one hides it. Hover and focus work from the server HTML (CSS); clicks and
 * Escape once the hero has hydrated, which the first pointer over it starts.
 */
import { useEffect, useState } from 'react';

/** A tooltip pinned open by a click, or hidden by Escape or a second click; absent: it follows hover and focus. */
type Tip = 'open' | 'dismissed';

const TIP_CLASSES: Record<Tip | 'auto', string> = {
  open: 'visible opacity-100',
  dismissed: 'invisible opacity-0',
  auto: 'invisible opacity-0 group-hover:visible group-hover:opacity-100 group-focus-within:visible group-focus-within:opacity-100',
};

interface Props {
  roles: string[];
  /** Screen-reader name of the list (content/ui.yaml). */
  label: string;
}

export default function RoleAvatars({ roles, label }: Props) {
  const [tips, setTips] = useState<Record<number, Tip>>({});

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setTips(Object.fromEntries(roles.map((_, i) => [i, 'dismissed' as const])));
    };
    // A tap or click anywhere else lets go of a pinned tooltip.
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Element && event.target.closest('[data-role-avatars]'))) {
        setTips((current) => (Object.keys(current).length ? {} : current));
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [roles]);

  /** The pointer or focus arrives: a tooltip hidden by Escape follows hover and focus again. */
  const rearm = (index: number) =>
    setTips((current) => {
      if (current[index] !== 'dismissed') return current;
      const { [index]: _dismissed, ...rest } = current;
      return rest;
    });
  const toggle = (index: number) => setTips({ [index]: tips[index] === 'open' ? 'dismissed' : 'open' });

  return (
    <ul className="mt-10 flex -space-x-2" aria-label={label} data-role-avatars="">
      {roles.map((role, index) => (
        <li key={role} className="group relative">
          <button
            type="button"
            onClick={() => toggle(index)}
            onMouseEnter={() => rearm(index)}
            onFocus={() => rearm(index)}
            className="flex h-12 w-12 items-center justify-center rounded-full border-2 border-ink-900 bg-gradient-to-br from-brand-600 to-accent-600 text-sm font-bold"
          >
            {/* Named by its role in text, not aria-label, so the name includes what the button shows to everyone. */}
            <span aria-hidden="true">{role.slice(0, 2)}</span>
            <span className="sr-only">{role}</span>
          </button>
          {/* The bottom padding bridges the gap to the avatar, so the pointer can move onto the tooltip;
              the button's name already says the role, so screen readers skip the tooltip. */}
          <span
            aria-hidden="true"
            data-role-tip=""
            className={`absolute bottom-full left-1/2 z-10 -translate-x-1/2 pb-2 transition-opacity ${TIP_CLASSES[tips[index] ?? 'auto']}`}
          >
            <span className="block rounded border border-transparent bg-white px-2 py-1 text-xs font-semibold whitespace-nowrap text-ink-900">
              {role}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
