import { describe, expect, it } from 'vitest';
import { ALERT_KINDS, type AlertKind } from '../../shared/alerts.ts';
import { deviceLabel } from '../../shared/alerts/deviceLabel.ts';
import { alertMailText, alertNotification } from '../../shared/alerts/notification.ts';
import { isAuthSecret, isP256dhKey, pushEndpointProblem } from '../../shared/alerts/pushEndpoint.ts';
import { isTimeZone, quietState } from '../../shared/alerts/quietHours.ts';
import { defaultSettings, recipients, settingsOf, type StaffMember } from '../../shared/alerts/settings.ts';

// The pure rules of alerts (docs/decisions/0028): quiet hours across midnight and clock changes, which push
// endpoints the Worker may call, who gets which kind.

const at = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  it('holds inside a span over midnight and says when it ends, in the person\'s zone', () => {
    const q = { start: '22:00', end: '07:00', timeZone: 'Africa/Accra' };
    expect(quietState(at('2026-11-27T21:59:00Z'), q)).toEqual({ quiet: false });
    expect(quietState(at('2026-11-27T22:00:00Z'), q)).toEqual({ quiet: true, endsAt: at('2026-11-28T07:00:00Z') });
    expect(quietState(at('2026-11-28T03:30:00Z'), q)).toEqual({ quiet: true, endsAt: at('2026-11-28T07:00:00Z') });
    expect(quietState(at('2026-11-28T07:00:00Z'), q)).toEqual({ quiet: false });
  });

  it('reads the span in the zone\'s own wall time (New York at UTC-5)', () => {
    const q = { start: '09:00', end: '17:00', timeZone: 'America/New_York' };
    expect(quietState(at('2026-11-27T13:00:00Z'), q)).toEqual({ quiet: false });
    expect(quietState(at('2026-11-27T15:00:00Z'), q)).toEqual({ quiet: true, endsAt: at('2026-11-27T22:00:00Z') });
  });

  it('ends at the wall-clock time after a clock change inside the span (London, spring and autumn)', () => {
    const q = { start: '22:00', end: '07:00', timeZone: 'Europe/London' };
    // 29 March 2026: clocks go forward at 01:00 GMT; 07:00 is then BST, 06:00 UTC.
    expect(quietState(at('2026-03-28T23:00:00Z'), q)).toEqual({ quiet: true, endsAt: at('2026-03-29T06:00:00Z') });
    // 25 October 2026: clocks go back at 02:00 BST; 07:00 is then GMT, 07:00 UTC.
    expect(quietState(at('2026-10-24T22:00:00Z'), q)).toEqual({ quiet: true, endsAt: at('2026-10-25T07:00:00Z') });
  });

  it('ends just after the gap when the end falls inside one', () => {
    // 01:30 does not exist in London on 29 March 2026 (01:00 GMT → 02:00 BST).
    const state = quietState(at('2026-03-29T00:10:00Z'), { start: '00:00', end: '01:30', timeZone: 'Europe/London' });
    expect(state).toEqual({ quiet: true, endsAt: at('2026-03-29T01:30:00Z') });
  });

  it('is never quiet without a span, with an empty one or an unknown zone', () => {
    const now = at('2026-11-27T23:00:00Z');
    expect(quietState(now, null)).toEqual({ quiet: false });
    expect(quietState(now, { start: '22:00', end: '22:00', timeZone: 'UTC' })).toEqual({ quiet: false });
    expect(quietState(now, { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' })).toEqual({ quiet: false });
    expect(isTimeZone('Africa/Accra')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('push endpoints', () => {
  const ok = [
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
    'https://push.services.mozilla.com/x'.replace('push.', 'eu.push.'),
    'https://web.push.apple.com/QGuQ',
    'https://api.push.apple.com/3/device/x',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ];
  it.each(ok)('accepts %s', (e) => expect(pushEndpointProblem(e, null)).toBeNull());

  const refused: [string, RegExp][] = [
    ['http://fcm.googleapis.com/fcm/send/abc', /https/],
    ['https://10.0.0.1/push', /known push service/],
    ['https://127.0.0.1/push', /known push service/],
    ['https://[::1]/push', /known push service/],
    ['https://169.254.169.254/latest/meta-data', /known push service/],
    ['https://localhost/push', /known push service/],
    ['https://fcm.googleapis.com.evil.example/x', /known push service/],
    ['https://evilnotify.windows.com/x', /known push service/],
    ['https://notify.windows.com/x', /known push service/],
    ['https://fcm.googleapis.com:8443/x', /port/],
    ['https://user:pass@fcm.googleapis.com/x', /credentials/],
    ['not a url', /not a URL/],
    [`https://fcm.googleapis.com/${'a'.repeat(1000)}`, /at most/],
  ];
  it.each(refused)('refuses %s', (e, why) => expect(pushEndpointProblem(e, null)).toMatch(why));

  it('accepts the local stand-in only when it is configured', () => {
    expect(pushEndpointProblem('http://localhost:8794/push/abc', 'http://localhost:8794')).toBeNull();
    expect(pushEndpointProblem('http://localhost:8794/push/abc', null)).toMatch(/https/);
    expect(pushEndpointProblem('http://localhost:8795/push/abc', 'http://localhost:8794')).toMatch(/https/);
  });

  it('checks the subscription keys\' shapes', () => {
    expect(isP256dhKey('BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4')).toBe(true);
    expect(isP256dhKey('AAAA')).toBe(false);
    expect(isAuthSecret('BTBZMqHH6r4Tts7J_aSIgg')).toBe(true);
    expect(isAuthSecret('BTBZMqHH6r4Tts7J_aSIggAA')).toBe(false);
  });

  it('names a device from its User-Agent', () => {
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge on Windows');
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone');
    expect(deviceLabel(undefined)).toBe('Browser on an unknown system');
  });
});

describe('recipients', () => {
  const member = (userId: string, role: 'admin' | 'moderator', kinds?: AlertKind[]): StaffMember =>
    ({ userId, role, settings: kinds ? { ...defaultSettings(role), kinds, saved: true } : defaultSettings(role) });
  const staff = [member('ada', 'admin'), member('kofi', 'moderator'), member('esi', 'moderator', ['assigned']), member('yaw', 'admin', [])];
  const event = (kind: AlertKind, userId: string | null = null) => ({ kind, userId });

  it('sends new leads and waiting visitors to everyone who wants them', () => {
    expect(recipients(event('new_lead'), staff)).toEqual(['ada', 'kofi']);
    expect(recipients(event('visitor_waiting'), staff)).toEqual(['ada', 'kofi']);
  });

  it('sends assignments and replies to the assignee only, if they want them', () => {
    expect(recipients(event('assigned', 'esi'), staff)).toEqual(['esi']);
    expect(recipients(event('prospect_reply', 'esi'), staff)).toEqual([]);
    expect(recipients(event('prospect_reply', 'kofi'), staff)).toEqual(['kofi']);
    expect(recipients(event('assigned', 'stranger'), staff)).toEqual([]);
  });

  it('sends 75 % to the assignee, or to all staff when nobody is assigned; 100 % to admins', () => {
    expect(recipients(event('promise_75', 'kofi'), staff)).toEqual(['kofi']);
    expect(recipients(event('promise_75'), staff)).toEqual(['ada', 'kofi']);
    expect(recipients(event('promise_100', 'kofi'), staff)).toEqual(['ada']);
  });

  it('defaults to every kind one may get; a moderator never gets a broken promise', () => {
    expect(defaultSettings('admin').kinds).toEqual([...ALERT_KINDS]);
    expect(defaultSettings('moderator').kinds).not.toContain('promise_100');
    expect(settingsOf('moderator', { kinds: ['promise_100', 'new_lead'], quietStart: '22:00', quietEnd: '06:00', timeZone: 'Europe/Paris' }))
      .toEqual({ kinds: ['new_lead'], quietHours: { start: '22:00', end: '06:00' }, timeZone: 'Europe/Paris', saved: true });
  });
});

describe('notification text', () => {
  it('names who and what, links to the lead, and cuts long words', () => {
    const n = alertNotification({ kind: 'new_lead', key: 'L1', leadId: 'L1', conversationRef: null, userId: null, who: 'Ama', words: 'x '.repeat(200), at: '2026-11-27T10:00:00Z' });
    expect(n).toMatchObject({ title: 'New lead from Ama', tag: 'new_lead:L1', url: '/admin/leads/L1', kind: 'new_lead' });
    expect(n.body.length).toBeLessThanOrEqual(140);
    expect(alertMailText(n, 'https://voltalabs.dev').text).toContain('https://voltalabs.dev/admin/leads/L1');
    expect(alertNotification({ kind: 'visitor_waiting', key: 'c', leadId: null, conversationRef: 'c', userId: null, who: null, words: 'hi', at: '2026-11-27T10:00:00Z' }).title).toBe('A visitor is waiting for a person');
  });
});
