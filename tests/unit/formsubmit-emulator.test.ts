import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start, type FormSubmitEmulator, type ReceivedSubmission } from '../emulators/formsubmit/server.ts';

let emulator: FormSubmitEmulator;
beforeAll(async () => {
  emulator = await start(0);
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await fetch(`${emulator.url}/__received`, { method: 'DELETE' });
  await setMode({ mode: 'ok' });
});

const setMode = (body: unknown) =>
  fetch(`${emulator.url}/__mode`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const received = async (token?: string) =>
  (await (await fetch(`${emulator.url}/__received${token ? `?token=${token}` : ''}`)).json()) as ReceivedSubmission[];
const post = (token: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${emulator.url}/ajax/${token}`, { method: 'POST', headers: { Accept: 'application/json', ...headers }, body });

describe('FormSubmit emulator', () => {
  it('listens on the real port when asked for an ephemeral one', () => {
    expect(emulator.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(emulator.url).not.toMatch(/:0$/);
    expect(emulator.name).toBe('FormSubmit');
  });

  it('accepts url-encoded fields like FormSubmit and records them', async () => {
    const res = await post('tok-a', new URLSearchParams({ name: 'Ama Mensah', _subject: 'Hello' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: 'true', message: 'The form was submitted successfully.' });
    const [r] = await received();
    expect(r).toMatchObject({ token: 'tok-a', via: 'ajax', fields: { name: 'Ama Mensah', _subject: 'Hello' }, status: 200, outcome: 'ok' });
    expect(r!.contentType).toContain('application/x-www-form-urlencoded');
    expect(r!.headers.accept).toBe('application/json');
  });

  it('accepts multipart and JSON bodies', async () => {
    const form = new FormData();
    form.set('name', 'Kofi Boateng');
    form.set('message', 'Akwaaba — ünïcode');
    form.set('cv', new Blob(['pdf']), 'cv.pdf');
    expect((await post('tok-b', form)).status).toBe(200);
    expect((await post('tok-b', JSON.stringify({ name: 'Efua', count: 3 }), { 'Content-Type': 'application/json' })).status).toBe(200);
    const list = await received('tok-b');
    expect(list.map((r) => r.fields)).toEqual([
      { name: 'Kofi Boateng', message: 'Akwaaba — ünïcode', cv: '[file cv.pdf]' },
      { name: 'Efua', count: '3' },
    ]);
  });

  it('fails with HTTP 500 when told to, for the given number of times', async () => {
    expect((await setMode({ mode: 'fail', times: 2 })).status).toBe(200);
    expect((await post('t', 'a=1')).status).toBe(500);
    expect((await post('t', 'a=2')).status).toBe(500);
    const third = await post('t', 'a=3');
    expect(third.status).toBe(200);
    expect((await third.json() as { success: string }).success).toBe('true');
    expect((await received()).map((r) => r.outcome)).toEqual(['fail', 'fail', 'ok']);
  });

  it('answers HTTP 200 with success "false" like an unactivated form', async () => {
    await setMode({ mode: 'unactivated' });
    const res = await post('t', 'a=1');
    expect(res.status).toBe(200);
    const body = await res.json() as { success: string; message: string };
    expect(body.success).toBe('false');
    expect(body.message).toMatch(/Activation/);
  });

  it('in mode "timeout" takes the submission at once but answers only after the delay', async () => {
    await setMode({ mode: 'timeout', times: 1, delayMs: 400 });
    const started = Date.now();
    const answer = post('slow', 'a=1');
    await new Promise((r) => setTimeout(r, 150));
    expect((await received('slow')).map((r) => r.outcome)).toEqual(['timeout']);
    const res = await answer;
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(await res.json()).toMatchObject({ success: 'true' });
    // A client that gives up first gets nothing; the submission stays taken.
    await setMode({ mode: 'timeout', times: 1, delayMs: 5000 });
    await expect(fetch(`${emulator.url}/ajax/slow`, { method: 'POST', body: 'a=2', signal: AbortSignal.timeout(100) })).rejects.toThrow();
    expect((await received('slow')).map((r) => r.fields.a)).toEqual(['1', '2']);
    expect((await post('slow', 'a=3')).status).toBe(200);
  });

  it('applies a mode to one token only when a token is given', async () => {
    await setMode({ mode: 'fail', token: 'broken' });
    expect((await post('broken', 'a=1')).status).toBe(500);
    expect((await post('fine', 'a=1')).status).toBe(200);
    await setMode({ mode: 'ok', token: 'broken' });
    expect((await post('broken', 'a=2')).status).toBe(200);
  });

  it('applies a mode only to submissions with a field containing the text, when a text is given', async () => {
    await setMode({ mode: 'fail', text: 'Park me' });
    expect((await post('any', 'name=Please+Park+me+now')).status).toBe(500);
    expect((await post('any', 'name=Someone+else')).status).toBe(200);
    await setMode({ mode: 'ok', text: 'Park me' });
    expect((await post('any', 'name=Park+me+again')).status).toBe(200);
  });

  it('forgets what it received, for one token or all', async () => {
    await post('x', 'a=1');
    await post('y', 'a=1');
    expect(await (await fetch(`${emulator.url}/__received?token=x`, { method: 'DELETE' })).json()).toEqual({ cleared: 1 });
    expect((await received()).map((r) => r.token)).toEqual(['y']);
  });

  it('refuses a bad mode', async () => {
    expect((await setMode({ mode: 'explode' })).status).toBe(400);
    expect((await setMode({ mode: 'fail', times: 0 })).status).toBe(400);
    expect((await setMode({ mode: 'timeout', delayMs: -1 })).status).toBe(400);
  });

  it('lists newest last', async () => {
    await post('n', 'i=1');
    await post('n', 'i=2');
    expect((await received('n')).map((r) => r.fields.i)).toEqual(['1', '2']);
  });
});
