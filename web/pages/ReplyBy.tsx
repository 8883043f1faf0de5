import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { replyBySentence } from '../../shared/replyBy.ts';
import { sayIn } from '../../shared/i18n/say.ts';
import { useLocale } from '../i18n/i18n.ts';

// "We'll reply by Saturday 14:05 your time (14:05 in Accra)" on the success page (docs/decisions/0029):
// the form's 202 answer carries `replyBy`, handed over in the navigation's state, and the browser knows
// the visitor's zone. The prerendered page (no JavaScript, a reload, a direct visit) keeps the fallback,
// and hydration starts from it too (the server snapshot), so the HTML and the first render agree.

const never = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function ReplyBy({ fallback }: { fallback: string }) {
  const state: unknown = useLocation().state;
  const replyBy = typeof state === 'object' && state !== null && 'replyBy' in state && typeof state.replyBy === 'string' ? state.replyBy : null;
  const zone = useSyncExternalStore(never, browserZone, () => null);
  const locale = useLocale();
  const t = sayIn(useLocale());
  const sentence = replyBy && zone ? replyBySentence(replyBy, zone, locale) : null;
  return <>{sentence ? t('success.replyBy', `We’ll reply ${sentence}.`, { when: sentence }) : fallback}</>;
}
