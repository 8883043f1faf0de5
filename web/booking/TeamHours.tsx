import { useSyncExternalStore } from 'react';
import { teamHoursSentence } from '../../shared/accraTime.ts';
import { say } from '../../shared/i18n/say.ts';
import { useLocale } from '../i18n/i18n.ts';

// The team's consultation hours in the visitor's own zone next to Accra's (shared/accraTime.ts). The browser
// knows the zone; the prerendered HTML and hydration's first render say Accra time only (the server snapshot),
// so they agree, and the visitor's hours follow at once.

const never = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function TeamHours({ prefix = 'We take calls' }: { prefix?: string }) {
  const zone = useSyncExternalStore(never, browserZone, () => null);
  const locale = useLocale();
  const hours = teamHoursSentence(zone, undefined, locale);
  return <>{say(locale, 'booking.teamHours', `${prefix} ${hours}.`, { hours })}</>;
}
