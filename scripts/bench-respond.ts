// `npm run bench:respond`: how fast staff hear of a lead and the prospect hears back, through the whole local
// stack as `npm start` runs it (the built site on `wrangler dev`: workerd with the Durable Objects, the queue and
// its batch wait, the email() handler; the Appwrite, FormSubmit and outbox stand-ins), on private ports:
//   1. a contact form sent until its alert reaches the push stand-in (the outbox's /push/:id) on a device the
//      local admin registered: median and p95 over --runs N (default 20); every push is decrypted with the
//      device's keys (tests/kit/webPush.ts) and must be the alert of that very lead (its link and name);
//   2. **Send e-mail** on each of those leads (POST /api/admin/leads/:id/emails) until the outbox stand-in
//      (the EMAIL binding's local stand-in) has the message: median;
//   3. a prospect's e-mail answer, posted to wrangler's Email Routing endpoint (/cdn-cgi/handler/email), until
//      its words are visible on the lead's page open in Chromium, without a reload: median over
//      --runs-inbound N (default 5).
// Budget: under 2 s each (docs/architecture.md §12). Times are the stand-ins' own receipt times (or the page's
// clock) minus the moment the request was sent, all on this machine's clock. One warm-up submission (and its
// e-mail) comes first and is not counted. Anything that does not arrive within 20 s ends the run with exit
// code 1. It reports, it is not a test; figures also go to --json FILE (default bench-results/respond.json).
// Needs a build (`npm run build`). Ports: --port BASE (default 8870): the site on BASE, FormSubmit + 1,
// Appwrite + 2, Gemini Live + 3, the outbox + 4; state under /tmp/bench-respond-BASE, emptied at start.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AppConfig } from '../platform/config.ts';
import { serverClient } from '../platform/appwrite.ts';
import { COLLECTIONS } from '../shared/appwrite/schema.ts';
import type { AlertNotification } from '../shared/alerts/notification.ts';
import { uniqueId } from '../shared/id.ts';
import { outbox, type ReceivedPush } from '../tests/kit/outbox.ts';
import { decryptPush, subscriptionKeys } from '../tests/kit/webPush.ts';
import { LOCAL_ADMIN, LOCAL_API_KEY } from './lib/appwrite-seed.ts';
import { LOCAL_APPWRITE_PROJECT } from './lib/emulators.ts';
import { launchChromium, load, signInAsAdmin, startBenchStack } from './lib/benchStack.ts';
import { localJwt } from './lib/localJwt.ts';
import { postToEmailHandler, prospectReply } from './lib/prospectReply.ts';
import { stats } from './lib/stats.ts';
import { localVarsFile, readVars } from './lib/vars.ts';

const { values: args } = parseArgs({
  options: { json: { type: 'string' }, runs: { type: 'string' }, 'runs-inbound': { type: 'string' }, port: { type: 'string' } },
  allowPositionals: true,
});
const runs = Math.max(1, Number(args.runs ?? 20));
const inboundRuns = Math.max(1, Number(args['runs-inbound'] ?? 5));
const base = Number(args.port ?? 8870);
const jsonOut = args.json ?? 'bench-results/respond.json';
const BUDGET_MS = 2000;
const TIMEOUT_MS = 20_000;
const buildDir = process.env.BUILD_DIR ?? 'dist';

const early = (msg: string): never => {
  console.error(`[bench:respond] FAILED: ${msg}`);
  process.exit(1);
};

if (!existsSync(`${buildDir}/client/index.html`)) early(`no build in ${buildDir}/: run \`npm run build\` first.`);
// The figures are the stand-ins': a .dev.vars pointing at real services is not benchmarked.
const vars = readVars(localVarsFile());
const onLoopback = (v: string | undefined) => /^https?:\/\/(?:localhost|127\.0\.0\.1):\d+(?:\/|$)/.test(v ?? '');
for (const name of ['MAIL_OUTBOX_URL', 'PUSH_LOCAL_ORIGIN', ...(vars.APPWRITE_ENDPOINT ? ['APPWRITE_ENDPOINT'] : [])]) {
  if (!onLoopback(vars[name])) early(`${localVarsFile()}: ${name} must point at its local stand-in (localhost) for this benchmark.`);
}

const ports = { site: base, formsubmit: base + 1, appwrite: base + 2, live: base + 3, outbox: base + 4 };
const appwriteUrl = `http://localhost:${ports.appwrite}/v1`;
const projectId = vars.APPWRITE_PROJECT_ID || LOCAL_APPWRITE_PROJECT;
const box = outbox(`http://localhost:${ports.outbox}`);
const stateDir = `/tmp/bench-respond-${base}`;
const stack = await startBenchStack('bench:respond', ports.site, {
  BUILD_DIR: buildDir, FORMSUBMIT_EMULATOR_PORT: String(ports.formsubmit),
  APPWRITE_EMULATOR_PORT: String(ports.appwrite), APPWRITE_EMULATOR_DATA: `${stateDir}/appwrite.sqlite`,
  GEMINI_LIVE_EMULATOR_PORT: String(ports.live), OUTBOX_PORT: String(ports.outbox),
}, TIMEOUT_MS);
const { site, log, fail, waitFor, stackLog } = stack;

try {
  const jwt = await localJwt(appwriteUrl, projectId, LOCAL_ADMIN);
  // Staff calls come from one office address; each visitor has their own (wrangler dev passes a client's
  // CF-Connecting-IP through, docs/decisions/0010), so the forms' per-visitor limit is never what is measured.
  const staffApi = (path: string, body: unknown) => fetch(`${site}${path}`, {
    method: 'POST', body: JSON.stringify(body),
    headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.18.255.1' },
  });

  // The admin's device: a subscription on the push stand-in with keys only this script holds.
  const keys = subscriptionKeys();
  const subscriptionId = `bench-${uniqueId()}`;
  const device = await staffApi('/api/admin/notifications/devices', { endpoint: `${box.origin}/push/${subscriptionId}`, keys: { p256dh: keys.p256dh, auth: keys.auth } });
  if (device.status !== 201) fail(`registering the admin's device: HTTP ${device.status} ${await device.text()}`);
  const alertOf = (p: ReceivedPush): AlertNotification | null => {
    if (p.subscriptionId !== subscriptionId || p.status !== 201) return null;
    return JSON.parse(decryptPush(Buffer.from(p.body, 'base64'), keys)) as AlertNotification;
  };

  const loadAtStart = load();
  log(`machine: ${availableParallelism()} CPUs, 1-minute load average ${loadAtStart}`);

  // 1. Form → push. Each lead has its own name and address (the push and the e-mail are matched by them).
  log(`form submission → push: ${runs} runs (and one warm-up)`);
  const leads: { id: string; name: string; email: string }[] = [];
  const toPush: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const tag = `${Date.now().toString(36)}${i}`;
    const lead = { name: `Bench Respond ${tag}`, email: `bench-${tag}@example.com` };
    const sentAt = Date.now();
    const res = await fetch(`${site}/api/forms/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` },
      body: JSON.stringify({ ...lead, service: 'Web Development', budget: '$5k - $10k', timeline: '1-2 months', message: `We need a shop (${tag}).` }),
    });
    if (res.status !== 202) fail(`the form answered HTTP ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    // Decrypted with the device's keys: the alert of this lead, nothing else, counts.
    const push = await waitFor(`the push of lead ${id}`, async () => (await box.pushes()).find((p) => {
      const alert = alertOf(p);
      return alert?.url === `/admin/leads/${id}` && alert.title === `New lead from ${lead.name}`;
    }));
    if (i > 0) toPush.push(Date.parse(push.receivedAt) - sentAt);
    leads.push({ id, ...lead });
  }
  const pushFigures = stats(toPush, 0);
  log(`form → push: median ${pushFigures.median} ms, p95 ${pushFigures.p95} ms`);

  // 2. Send e-mail → the binding (the outbox stand-in).
  log(`Send e-mail → outbox: ${leads.length - 1} runs (and one warm-up)`);
  const toOutbox: number[] = [];
  for (const [i, lead] of leads.entries()) {
    const marker = `bench-${uniqueId()}`;
    const sentAt = Date.now();
    const res = await staffApi(`/api/admin/leads/${lead.id}/emails`, { id: uniqueId(), text: `Thank you for your message. We can start next week (${marker}).` });
    if (res.status !== 202) fail(`Send e-mail answered HTTP ${res.status} ${await res.text()}`);
    const mail = await waitFor(`the e-mail to ${lead.email}`, async () => (await box.list()).find((m) => m.to.includes(lead.email) && m.text.includes(marker)));
    if (i > 0) toOutbox.push(Date.parse(mail.sentAt) - sentAt);
  }
  const mailFigures = stats(toOutbox, 0);
  log(`Send e-mail → outbox: median ${mailFigures.median} ms, p95 ${mailFigures.p95} ms`);

  // 3. An answer by e-mail → visible on the open lead page.
  log(`e-mail answer → open lead page: ${inboundRuns} runs`);
  // What a reply address needs of the Worker's configuration (platform/config.ts does not load in Node).
  const replyConfig = {
    APPWRITE_ENDPOINT: appwriteUrl, APPWRITE_PROJECT_ID: projectId, APPWRITE_DATABASE_ID: vars.APPWRITE_DATABASE_ID || 'main',
    APPWRITE_API_KEY: vars.APPWRITE_API_KEY || LOCAL_API_KEY, INBOUND_DOMAIN: vars.INBOUND_DOMAIN || null, REPLY_TOKEN_SECRET: vars.REPLY_TOKEN_SECRET || null,
  } as AppConfig;
  const databaseId = replyConfig.APPWRITE_DATABASE_ID;
  const client = serverClient({ endpoint: appwriteUrl, projectId, databaseId, apiKey: replyConfig.APPWRITE_API_KEY! });
  const browser = await launchChromium();
  const toPage: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // The Realtime socket's subscription to the lead's activity: the page is listening once it is confirmed.
    let subscribed = false;
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.includes(COLLECTIONS.leadActivity) && /"(connected|subscribe)"/.test(text)) subscribed = true;
    }));
    await signInAsAdmin(page, stack, TIMEOUT_MS);

    for (let i = 0; i < inboundRuns; i++) {
      const lead = leads[1 + (i % (leads.length - 1))] ?? leads[0]!;
      subscribed = false;
      await page.goto(`${site}/admin/leads/${lead.id}`);
      await page.getByRole('heading', { level: 1, name: lead.name }).waitFor({ timeout: TIMEOUT_MS });
      await waitFor('the lead page\'s Realtime subscription', async () => (subscribed ? true : undefined));

      const words = `Tuesday works for us, see you then (${uniqueId()}).`;
      const doc = await client.request<Record<string, unknown> & { $id: string }>('GET', `/databases/${databaseId}/collections/${COLLECTIONS.inquiries}/documents/${lead.id}`);
      const reply = await prospectReply(client, databaseId, replyConfig, doc, { text: words });
      // The page's own clock notes when the words are rendered in the timeline (checked on every DOM change),
      // watching from before the answer is sent.
      await page.evaluate(({ words, timeoutMs }) => {
        const timeline = () => document.querySelector<HTMLElement>('section[aria-labelledby="timeline-title"]');
        (window as unknown as { benchShown: Promise<number> }).benchShown = new Promise<number>((res, rej) => {
          const observer = new MutationObserver(() => {
            // biome-ignore lint/performance/useDomNodeTextContent: innerText is the rendered text, what staff see.
            if (!timeline()?.innerText.includes(words)) return;
            observer.disconnect();
            res(Date.now());
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
          setTimeout(() => rej(new Error('not shown')), timeoutMs);
        });
      }, { words, timeoutMs: TIMEOUT_MS });
      const sentAt = Date.now();
      const answer = await postToEmailHandler(site, reply);
      if (!answer.ok) fail(`the email handler answered HTTP ${answer.status} ${answer.answer}`);
      const shownAt = await page.evaluate(() => (window as unknown as { benchShown: Promise<number> }).benchShown)
        .catch(() => fail(`the answer to lead ${lead.id} did not show on its open page within ${TIMEOUT_MS / 1000} s.`));
      toPage.push(shownAt - sentAt);
    }
  } finally {
    await browser.close();
  }
  const inboundFigures = stats(toPage, 0);
  log(`e-mail answer → open lead page: median ${inboundFigures.median} ms, p95 ${inboundFigures.p95} ms`);

  const verdict = (ms: number) => (ms < BUDGET_MS ? 'PASS' : 'OVER');
  const machine = { cpus: availableParallelism(), loadAverageAtStart: loadAtStart, loadAverageAtEnd: load() };
  const figures = {
    runs, inboundRuns, budgetMs: BUDGET_MS, machine,
    formToPushMs: { ...pushFigures, verdict: verdict(pushFigures.median), p95Verdict: verdict(pushFigures.p95) },
    sendEmailToBindingMs: { ...mailFigures, verdict: verdict(mailFigures.median) },
    inboundToOpenPageMs: { ...inboundFigures, verdict: verdict(inboundFigures.median) },
  };
  console.log('');
  log(`machine: ${machine.cpus} CPUs, 1-minute load average ${machine.loadAverageAtStart} at the start, ${machine.loadAverageAtEnd} at the end`);
  log(`form submission → push at the push stand-in: median ${pushFigures.median} ms, p95 ${pushFigures.p95} ms over ${pushFigures.n} (budget: median < ${BUDGET_MS} ms): ${figures.formToPushMs.verdict}; p95 ${verdict(pushFigures.p95)}`);
  log(`Send e-mail → handed to the binding (outbox): median ${mailFigures.median} ms over ${mailFigures.n} (budget: median < ${BUDGET_MS} ms): ${figures.sendEmailToBindingMs.verdict}`);
  log(`e-mail answer → visible on the open lead page: median ${inboundFigures.median} ms over ${inboundFigures.n} (budget: median < ${BUDGET_MS} ms): ${figures.inboundToOpenPageMs.verdict}`);
  mkdirSync(dirname(resolve(jsonOut)), { recursive: true });
  writeFileSync(jsonOut, `${JSON.stringify(figures, null, 2)}\n`);
  log(`figures written to ${jsonOut}`);
} catch (err) {
  fail(`${err instanceof Error ? err.stack ?? err.message : String(err)} (the site's output: ${stackLog})`);
} finally {
  stack.stop();
}
