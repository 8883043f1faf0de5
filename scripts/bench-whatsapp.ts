// `npm run bench:whatsapp`: how fast the WhatsApp channel answers, through the whole local stack as `npm start`
// runs it (the built site on `wrangler dev`: workerd with the Durable Objects and the queue; the Appwrite,
// Gemini Live, outbox and WhatsApp stand-ins; the assistant is the local one unless .dev.vars has a Gemini key
// pointed at a stand-in), on private ports:
//   1. a customer's message, signed like Meta and posted to the site's webhook by the WhatsApp stand-in
//      (POST /__send), until the assistant's answer reaches the Graph API stand-in (it has left the Worker):
//      median and p95 over --runs N (default 20), each from a number of its own (a new lead each time);
//   2. the same, until the new lead's row is visible in the staff inbox open in Chromium, without a reload:
//      median and p95 over --runs-inbox N (default 5).
// Budgets (issue 28): 1 s for the first, 2 s for the second. Times are the stand-in's receipt time (or the
// page's clock) minus the moment the customer's message was sent, all on this machine's clock. One warm-up
// message comes first and is not counted. Anything that does not arrive within 20 s ends the run with exit
// code 1. It reports, it is not a test; figures also go to --json FILE (default bench-results/whatsapp.json).
// Needs a build (`npm run build`). Ports: --port BASE (default 8880): the site on BASE, FormSubmit + 1,
// Appwrite + 2, Gemini Live + 3, the outbox + 4, WhatsApp + 5; state under /tmp/bench-whatsapp-BASE.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { COLLECTIONS } from '../shared/appwrite/schema.ts';
import { graphStandIn } from '../tests/kit/whatsapp.ts';
import { launchChromium, load, signInAsAdmin, startBenchStack } from './lib/benchStack.ts';
import { stats } from './lib/stats.ts';
import { localVarsFile, readVars } from './lib/vars.ts';

const { values: args } = parseArgs({
  options: { json: { type: 'string' }, runs: { type: 'string' }, 'runs-inbox': { type: 'string' }, port: { type: 'string' } },
  allowPositionals: true,
});
const runs = Math.max(1, Number(args.runs ?? 20));
const inboxRuns = Math.max(1, Number(args['runs-inbox'] ?? 5));
const base = Number(args.port ?? 8880);
const jsonOut = args.json ?? 'bench-results/whatsapp.json';
const REPLY_BUDGET_MS = 1000;
const INBOX_BUDGET_MS = 2000;
const TIMEOUT_MS = 20_000;
const buildDir = process.env.BUILD_DIR ?? 'dist';

const early = (msg: string): never => {
  console.error(`[bench:whatsapp] FAILED: ${msg}`);
  process.exit(1);
};
if (!existsSync(`${buildDir}/client/index.html`)) early(`no build in ${buildDir}/: run \`npm run build\` first.`);
// The figures are the stand-ins': a .dev.vars pointing WhatsApp at Meta is not benchmarked.
const vars = readVars(localVarsFile());
if (!/^https?:\/\/(?:localhost|127\.0\.0\.1):\d+/.test(vars.WHATSAPP_GRAPH_URL ?? '')) {
  early(`${localVarsFile()}: WHATSAPP_GRAPH_URL must point at the local stand-in (see .dev.vars.example) for this benchmark.`);
}

const ports = { site: base, formsubmit: base + 1, appwrite: base + 2, live: base + 3, outbox: base + 4, whatsapp: base + 5 };
const stateDir = `/tmp/bench-whatsapp-${base}`;
const stack = await startBenchStack('bench:whatsapp', ports.site, {
  BUILD_DIR: buildDir, FORMSUBMIT_EMULATOR_PORT: String(ports.formsubmit),
  APPWRITE_EMULATOR_PORT: String(ports.appwrite), APPWRITE_EMULATOR_DATA: `${stateDir}/appwrite.sqlite`,
  GEMINI_LIVE_EMULATOR_PORT: String(ports.live), OUTBOX_PORT: String(ports.outbox), WHATSAPP_EMULATOR_PORT: String(ports.whatsapp),
}, TIMEOUT_MS);
const { site, log, fail, waitFor } = stack;
const standIn = graphStandIn(`http://localhost:${ports.whatsapp}`);
let serial = 0;
/** A number of its own for each message: each starts a lead, so nothing is matched to an earlier one. */
const customer = () => {
  serial++;
  return { from: `23320${String(Date.now() % 1_000_000).padStart(6, '0')}${String(serial % 100).padStart(2, '0')}`, name: `Bench WhatsApp ${Date.now().toString(36)}${serial}` };
};

/** Sends as a customer; resolves with the moment it was sent, once the site took the delivery. */
async function message(c: { from: string; name: string }, text: string): Promise<number> {
  const sentAt = Date.now();
  const res = await standIn.send({ ...c, text });
  if (res.status !== 200 || res.delivered !== 200) fail(`the stand-in's delivery to the site: ${JSON.stringify(res)}`);
  return sentAt;
}

try {
  await standIn.mode({ statuses: 'off' });
  const loadAtStart = load();
  log(`machine: ${availableParallelism()} CPUs, 1-minute load average ${loadAtStart}`);

  // 1. Webhook → the assistant's answer at the Graph API.
  log(`customer message → assistant's answer at the Graph API: ${runs} runs (and one warm-up)`);
  const toReply: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const c = customer();
    const sentAt = await message(c, 'Hello! How much does a website cost?');
    const answer = await waitFor(`the assistant's answer to ${c.from}`, async () => (await standIn.received(c.from))[0]);
    if (i > 0) toReply.push(Date.parse(answer.at) - sentAt);
  }
  const replyFigures = stats(toReply, 0);
  log(`webhook → answer: median ${replyFigures.median} ms, p95 ${replyFigures.p95} ms`);

  // 2. Webhook → the new lead's row in the open inbox.
  log(`customer message → row in the open inbox: ${inboxRuns} runs`);
  const browser = await launchChromium();
  const toRow: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    let subscribed = false;
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.includes(COLLECTIONS.inquiries) && /"(connected|subscribe)"/.test(text)) subscribed = true;
    }));
    await signInAsAdmin(page, stack, TIMEOUT_MS);
    await page.getByRole('table').waitFor({ timeout: TIMEOUT_MS });
    await waitFor('the inbox\'s Realtime subscription', async () => (subscribed ? true : undefined));
    for (let i = 0; i < inboxRuns; i++) {
      const c = customer();
      // The page's own clock notes when the row is rendered (checked on every DOM change), watching from before
      // the message is sent.
      await page.evaluate(({ name, timeoutMs }) => {
        (window as unknown as { benchShown: Promise<number> }).benchShown = new Promise<number>((res, rej) => {
          const seen = () => [...document.querySelectorAll('table a')].some((a) => a.textContent?.trim() === name);
          const observer = new MutationObserver(() => {
            if (!seen()) return;
            observer.disconnect();
            res(Date.now());
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
          setTimeout(() => rej(new Error('not shown')), timeoutMs);
        });
      }, { name: c.name, timeoutMs: TIMEOUT_MS });
      const sentAt = await message(c, 'Hello, we need an app for our school.');
      const shownAt = await page.evaluate(() => (window as unknown as { benchShown: Promise<number> }).benchShown)
        .catch(() => fail(`the lead of ${c.from} did not show in the open inbox within ${TIMEOUT_MS / 1000} s.`));
      toRow.push(shownAt - sentAt);
    }
  } finally {
    await browser.close();
  }
  const rowFigures = stats(toRow, 0);

  const verdict = (ms: number, budget: number) => (ms <= budget ? 'PASS' : 'OVER');
  const machine = { cpus: availableParallelism(), loadAverageAtStart: loadAtStart, loadAverageAtEnd: load() };
  const figures = {
    runs, inboxRuns, machine,
    webhookToAnswerMs: { ...replyFigures, budgetMs: REPLY_BUDGET_MS, verdict: verdict(replyFigures.median, REPLY_BUDGET_MS), p95Verdict: verdict(replyFigures.p95, REPLY_BUDGET_MS) },
    webhookToInboxRowMs: { ...rowFigures, budgetMs: INBOX_BUDGET_MS, verdict: verdict(rowFigures.median, INBOX_BUDGET_MS), p95Verdict: verdict(rowFigures.p95, INBOX_BUDGET_MS) },
  };
  console.log('');
  log(`machine: ${machine.cpus} CPUs, 1-minute load average ${machine.loadAverageAtStart} at the start, ${machine.loadAverageAtEnd} at the end`);
  log(`signed webhook → the assistant's answer leaves the Worker: median ${replyFigures.median} ms, p95 ${replyFigures.p95} ms over ${replyFigures.n} (budget ${REPLY_BUDGET_MS} ms): median ${figures.webhookToAnswerMs.verdict}, p95 ${figures.webhookToAnswerMs.p95Verdict}`);
  log(`signed webhook → the row in the open inbox: median ${rowFigures.median} ms, p95 ${rowFigures.p95} ms over ${rowFigures.n} (budget ${INBOX_BUDGET_MS} ms): median ${figures.webhookToInboxRowMs.verdict}, p95 ${figures.webhookToInboxRowMs.p95Verdict}`);
  mkdirSync(dirname(resolve(jsonOut)), { recursive: true });
  writeFileSync(jsonOut, `${JSON.stringify(figures, null, 2)}\n`);
  log(`figures written to ${jsonOut}`);
} catch (err) {
  fail(`${err instanceof Error ? err.stack ?? err.message : String(err)} (the site's output: ${stack.stackLog})`);
} finally {
  stack.stop();
}
