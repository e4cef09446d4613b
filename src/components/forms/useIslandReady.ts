/**
 * Tell the `client:form` directive that this island is ready, once
 * `ready` turns true (its effects have taken over what was typed before
 * hydration): the directive then replays the press the visitor made in the
 * meantime (src/directives/form.ts).
 */
import { useEffect, type RefObject } from 'react';
import { ISLAND_READY } from '../../lib/forms/early-input';

export function useIslandReady(ready: boolean, inside: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (ready) inside.current?.dispatchEvent(new CustomEvent(ISLAND_READY, { bubbles: true }));
  }, [ready, inside]);
}
