import { useRef } from 'react';
import { uniqueId } from '../../../shared/id.ts';

/**
 * The id of the message a composer is writing (shared/id.ts), made here once: a retry of the same message is
 * the same id, which the Worker sends once. `change(set)` wraps a field's setter: new words, a new message.
 * `next()` after a send.
 */
export function useComposerId() {
  const id = useRef(uniqueId());
  const next = () => {
    id.current = uniqueId();
  };
  const change = (set: (v: string) => void) => (v: string) => {
    next();
    set(v);
  };
  return { id, next, change };
}
