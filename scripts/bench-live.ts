// `npm run bench:live` (also run by `npm run bench:chat`): "Talk to a person" (docs/decisions/0019)
// through the real Worker (wrangler's test harness: workerd with the Conversation room and StaffPresence
// objects) and the Appwrite emulator: a visitor asks for a person, a staff member joins with a ticket, and
// --messages N (default 200) messages go from staff to visitor, one after the other. Delivery time: from
// the staff socket's send to the visitor socket's message event, both in this process over loopback.
// Budget (docs/architecture.md): median well under 1 s (the "within 1 second"); it reports, it is
// not a test; figures also go to --json FILE (default bench-results/live.json).
import { parseArgs } from 'node:util';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readVars } from './lib/vars.ts';
import { workerHarness } from './lib/harness.ts';
import { localJwt } from './lib/localJwt.ts';
import { stats } from './lib/stats.ts';
import { start as startAppwrite } from '../tests/emulators/appwrite/index.ts';
import { start as startFormSubmit } from '../tests/emulators/formsubmit/server.ts';
import { LOCAL_ADMIN, LOCAL_API_KEY, productSeed } from './lib/appwrite-seed.ts';
import { LOCAL_APPWRITE_PROJECT } from './lib/emulators.ts';
import { LIVE_PROTOCOL, STAFF_CREDENTIAL, VISITOR_CREDENTIAL, type LiveServerMessage, type LiveStartResponse } from '../shared/chat/live.ts';
import type { LeadDetailResponse, LeadListResponse } from '../shared/admin/leadView.ts';

const { values: args } = parseArgs({ options: { json: { type: 'string' }, messages: { type: 'string' } }, allowPositionals: true });
const count = Math.max(20, Number(args.messages ?? 200));
const jsonOut = args.json ?? 'bench-results/live.json';
const log = (msg: string) => console.log(`[bench:live] ${msg}`);

const appwrite = await startAppwrite({ port: 0, seed: productSeed({ apiKeys: [LOCAL_API_KEY], accounts: [{ ...LOCAL_ADMIN, role: 'admin' }] }) });
const formSubmit = await startFormSubmit(0);
const server = workerHarness({
  ...readVars('.dev.vars.example'),
  APPWRITE_ENDPOINT: appwrite.url, APPWRITE_PROJECT_ID: LOCAL_APPWRITE_PROJECT, APPWRITE_API_KEY: LOCAL_API_KEY,
  FORMSUBMIT_ENDPOINT: `${formSubmit.url}/ajax/bench`,
});

/** A socket of the room, resolved once its `hello` came; `onMessage` sees every later event. */
function openSocket(url: string, credential: string, onMessage: (m: LiveServerMessage) => void): Promise<WebSocket> {
  return new Promise((resolveSocket, reject) => {
    const ws = new WebSocket(url, [LIVE_PROTOCOL, credential]);
    ws.addEventListener('message', (e) => {
      const m = JSON.parse(String(e.data)) as LiveServerMessage;
      if (m.type === 'hello') resolveSocket(ws);
      else onMessage(m);
    });
    ws.addEventListener('error', () => reject(new Error('the live socket failed')));
  });
}

/** The live chat's reference as its lead page shows it: found by the visitor's name in the inbox. */
async function conversationRefOf(staffCall: (path: string, method?: string) => Promise<Response>, name: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const list = (await (await staffCall(`/api/admin/leads?q=${encodeURIComponent(name)}`, 'GET')).json()) as LeadListResponse;
    const lead = list.leads?.[0];
    if (lead) {
      const detail = (await (await staffCall(`/api/admin/leads/${lead.id}`, 'GET')).json()) as LeadDetailResponse;
      const ref = detail.fields.find((f) => f.key === 'conversationRef')?.value;
      if (ref) return ref;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the live chat never reached the inbox');
}

try {
  const { url } = await server.listen();
  const jwt = await localJwt(appwrite.url, LOCAL_APPWRITE_PROJECT, LOCAL_ADMIN);
  const staffCall = (path: string, method = 'POST') => fetch(new URL(path, url), { method, headers: { Authorization: `Bearer ${jwt}` } });
  if ((await staffCall('/api/admin/presence')).status !== 204) throw new Error('presence refused');

  const visitorName = `Bench Visitor ${Date.now()}`;
  const start = await fetch(new URL('/api/chat/live', url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: visitorName }) });
  const live = (await start.json()) as LiveStartResponse;
  if (live.status !== 'live') throw new Error(`expected a live chat, got ${JSON.stringify(live)}`);
  const socketUrl = new URL(`/api/chat/live/${live.conversationId}/socket`, url).href.replace(/^http/, 'ws');

  let arrived: ((text: string) => void) | null = null;
  const visitor = await openSocket(socketUrl, VISITOR_CREDENTIAL + live.token, (m) => {
    if (m.type === 'message' && m.message.from === 'staff') arrived?.(m.message.text);
  });
  // Staff know the conversation by its reference, from the lead (docs/decisions/0021), once the queue filed it.
  const ref = await conversationRefOf(staffCall, visitorName);
  const ticket = (await (await staffCall(`/api/admin/live/${ref}/join`)).json()) as { ticket: string };
  const staff = await openSocket(socketUrl, STAFF_CREDENTIAL + ticket.ticket, () => {});

  log(`${count} messages from staff to visitor (after 10 to warm up)`);
  const times: number[] = [];
  for (let i = 0; i < count + 10; i++) {
    const text = `Message ${i} from the team`;
    const got = new Promise<void>((done) => {
      arrived = (t) => t === text && done();
    });
    const t0 = performance.now();
    staff.send(JSON.stringify({ type: 'message', text }));
    await got;
    if (i >= 10) times.push(performance.now() - t0);
  }
  visitor.close();
  staff.close();

  const delivery = stats(times, 2);
  log(`staff → visitor delivery: median ${delivery.median} ms, p95 ${delivery.p95} ms over ${delivery.n} messages (budget: within 1 s)`);
  mkdirSync(dirname(resolve(jsonOut)), { recursive: true });
  writeFileSync(jsonOut, `${JSON.stringify({ messages: count, deliveryMs: delivery }, null, 2)}\n`);
  log(`figures written to ${jsonOut}`);
} finally {
  await server.close();
  await appwrite.close();
  await formSubmit.close();
}
