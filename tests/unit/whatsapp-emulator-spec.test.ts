import { afterEach, describe, expect, it } from 'vitest';
import { emulatorSpecs, type RunningEmulator } from '../../scripts/lib/emulators.ts';
import { readVars } from '../../scripts/lib/vars.ts';

// `npm start`'s WhatsApp entry (scripts/lib/emulators.ts): the stand-in runs when WHATSAPP_GRAPH_URL is on
// localhost (never for Meta's, empty, URL), with the configured token and app secret, delivering to this
// site's webhook, and the Worker is pointed at its real address.

const spec = emulatorSpecs.find((s) => s.name === 'WhatsApp')!;
const example = readVars('.dev.vars.example');
let running: RunningEmulator | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

describe('the WhatsApp stand-in under npm start', () => {
  it('is wanted only when the Graph URL is on this machine', () => {
    expect(spec.wanted(example)).toBe(true);
    expect(spec.wanted({ ...example, WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9000/v24.0' })).toBe(true);
    expect(spec.wanted({ ...example, WHATSAPP_GRAPH_URL: '' })).toBe(false);
    expect(spec.wanted({ ...example, WHATSAPP_GRAPH_URL: 'https://graph.facebook.com/v24.0' })).toBe(false);
  });

  it('takes the configured token and points the Worker at its real address', async () => {
    const vars: Record<string, string> = { ...example, WHATSAPP_TOKEN: 'a-token-of-this-configuration-123' };
    running = await (await spec.load(vars)).start(0);
    expect(spec.vars!(running, vars)).toEqual({ WHATSAPP_GRAPH_URL: `${running.url}/v24.0` });
    expect(spec.notes!(running).join(' ')).toContain(`message the site as a customer: ${running.url}`);
    const send = (token: string) => fetch(`${running!.url}/v24.0/${vars.WHATSAPP_PHONE_NUMBER_ID}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to: '233241140001', type: 'template', template: { name: 'lead_follow_up', language: { code: 'en' } } }),
    });
    expect((await send(example.WHATSAPP_TOKEN!)).status).toBe(401);
    expect((await send(vars.WHATSAPP_TOKEN!)).status).toBe(200);
    const page = await (await fetch(running.url)).text();
    expect(page).toContain(`http://127.0.0.1:${process.env.PORT ?? '8787'}/api/whatsapp/webhook`);
  });
});
