import { useEffect } from 'react';
import { waitingTitle } from '../../../shared/admin/waiting.ts';

// The tab's title says visitors are waiting (docs/decisions/0030), and is itself again when nobody is. Pages
// set their own titles (the route's head, the inbox's "(2 new) "): the mark is put back after each change,
// after any "(N new) " at the start, and taken out wherever it is.

const MARK = /\(\d+\) Visitors? waiting · /;
const NEW_LEADS = /^\(\d+ new\) /;

function titled(current: string, count: number): string {
  const plain = current.replace(MARK, '');
  const lead = NEW_LEADS.exec(plain)?.[0] ?? '';
  return lead + waitingTitle(count, plain.slice(lead.length));
}

export function useWaitingTitle(count: number) {
  useEffect(() => {
    const apply = () => {
      const next = titled(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    if (!count) return;
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(MARK, '');
    };
  }, [count]);
}
