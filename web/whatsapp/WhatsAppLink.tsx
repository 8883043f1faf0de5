import { useId, useRef, useState, type MouseEvent } from 'react';
import { waMeLink } from '../../shared/whatsapp/reference.ts';
import type { ConversationHandle } from '../chat/chatState.ts';
import { isPlainClick } from '../navigation/plainClick.ts';
import { say } from '../../shared/i18n/say.ts';
import { useLocale } from '../i18n/i18n.ts';

// A link to the business's WhatsApp (docs/decisions/0031, "Links and references"). Its href is the plain wa.me
// link with the prefilled first message, so it works whatever happens; on the visitor's first move towards it
// (pointer over, touch, keyboard focus) the server mints a short reference (POST /api/whatsapp/ref, carrying
// `chat` when there is one) and the href becomes that link. A click before the reference is there opens the
// new tab at once and sends it there when it comes (or to the plain link if it cannot be made). Rendered only
// once the configuration is known and names a number (available.ts): no number, no link.

type Minted = { key: string; url: string };
const keyOf = (chat: ConversationHandle | null) => chat?.id ?? '';

export function WhatsAppLink({ number, name, chat, className }: {
  number: string;
  /** The accessible name, exactly (tests and assistive technology find the link by it). */
  name: string;
  /** The conversation the reference carries over, read when the reference is made. */
  chat?: () => ConversationHandle | null;
  className?: string;
}) {
  const hintId = useId();
  const [minted, setMinted] = useState<Minted | null>(null);
  const pending = useRef<{ key: string; url: Promise<string> } | null>(null);
  const locale = useLocale();
  const plain = waMeLink(number, null, locale);

  /** The reference for the chat as it is now: asked for once per chat, again after a failure. */
  function prepare() {
    const current = chat?.() ?? null;
    const key = keyOf(current);
    if (pending.current?.key !== key) {
      const entry = {
        key,
        url: import('./mintLink.ts').then((m) => m.mintLink(current, locale)).catch(() => null).then((url) => {
          if (url) setMinted({ key, url });
          else if (pending.current === entry) pending.current = null;
          return url ?? plain;
        }),
      };
      pending.current = entry;
    }
    return pending.current;
  }

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    const { key, url } = prepare();
    if (minted?.key === key) return; // the href already carries this chat's reference
    event.preventDefault();
    // Opened within the click (popup blockers allow that only), sent on once the reference is there.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    void url.then((to) => (tab ? tab.location.replace(to) : window.location.assign(to)));
  };

  const href = minted && minted.key === keyOf(chat?.() ?? null) ? minted.url : plain;
  return (
    <>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={hintId}
        onPointerEnter={prepare}
        onFocus={prepare}
        onClick={onClick}
        className={`inline-flex items-center gap-1.5 ${className ?? ''}`}
      >
        {name}
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0">
          <path d="M11 3a1 1 0 1 0 0 2h2.59l-6.3 6.3a1 1 0 1 0 1.42 1.4L15 6.42V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5Z" />
          <path d="M5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5Z" />
        </svg>
      </a>
      {/* Described, not named: the name stays exactly the link's words. */}
      <span id={hintId} hidden>{say(locale, 'whatsapp.hint', 'Opens WhatsApp in a new tab.')}</span>
    </>
  );
}
