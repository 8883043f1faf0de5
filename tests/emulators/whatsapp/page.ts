// The stand-in's page (GET /): message the site as a customer (text, an image, a voice note, a document, a
// button reply) through POST /__send, and read the conversation both ways (GET /__sent and GET /__received,
// polled). Plain HTML and one inline script, no external assets.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function standInPage({ number, webhookUrl }: { number: string; webhookUrl: string | null }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>WhatsApp stand-in</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #111; }
  fieldset { border: 1px solid #999; border-radius: .5rem; margin: 0 0 1rem; padding: .75rem; }
  label { display: block; margin: .25rem 0; }
  input, textarea, select, button { font: inherit; max-width: 100%; box-sizing: border-box; }
  input[type=text], input[type=tel], textarea { width: 100%; padding: .25rem; }
  button { margin: .25rem .25rem .25rem 0; padding: .35rem .8rem; }
  :focus-visible { outline: 3px solid #0a5cd6; outline-offset: 2px; }
  .row { display: flex; flex-wrap: wrap; gap: 1rem; }
  .row > * { flex: 1 1 14rem; }
  ol { list-style: none; padding: 0; }
  li { border-radius: .5rem; margin: .5rem 0; padding: .5rem .75rem; max-width: 85%; overflow-wrap: anywhere; }
  li.customer { background: #e6f4ea; margin-left: auto; }
  li.site { background: #eef1f6; }
  .meta { color: #444; font-size: .85rem; }
  code { overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
<h1>WhatsApp stand-in</h1>
<p>Message the site's business number ${escapeHtml(number)} as a customer. Each message is signed with the app
secret and delivered to ${webhookUrl ? `<code>${escapeHtml(webhookUrl)}</code>` : 'no webhook (the stand-in was started without one)'}.
JSON: <a href="/__sent">/__sent</a>, <a href="/__received">/__received</a>, <a href="/__deliveries">/__deliveries</a>.</p>

<form id="customer" aria-label="Customer">
<fieldset><legend>Customer</legend>
<div class="row">
<label>Customer number <input type="tel" name="from" value="233241234567" pattern="[1-9][0-9]{6,14}" required autocomplete="off"></label>
<label>Customer name <input type="text" name="name" value="Ama Mensah" autocomplete="off"></label>
</div>
</fieldset>
</form>

<form id="text" aria-label="Text message">
<fieldset><legend>Text</legend>
<label>Message <textarea name="text" rows="2" required></textarea></label>
<button type="submit">Send text</button>
</fieldset>
</form>

<form id="image" aria-label="Image">
<fieldset><legend>Image, voice note, document</legend>
<label>File (empty: the sample) <input type="file" name="file"></label>
<label>Caption <input type="text" name="caption"></label>
<button type="submit" name="kind" value="image">Send image</button>
<button type="submit" name="kind" value="voice">Send voice note</button>
<button type="submit" name="kind" value="document">Send document</button>
</fieldset>
</form>

<form id="button" aria-label="Button reply">
<fieldset><legend>Button reply</legend>
<div class="row">
<label>Button text <input type="text" name="text" value="Talk to a person" required maxlength="24"></label>
<label>Button id or payload <input type="text" name="payload" value="talk_to_person" required></label>
<label>Kind <select name="kind"><option value="button">Template quick reply</option><option value="buttonReply">Interactive button</option><option value="listReply">List reply</option></select></label>
</div>
<button type="submit">Send button reply</button>
</fieldset>
</form>

<form id="mode" aria-label="Stand-in modes">
<fieldset><legend>Stand-in modes</legend>
<label><input type="checkbox" name="statuses" checked> Send status webhooks (sent, delivered, read)</label>
<label><input type="checkbox" name="expired"> Token expired (every Graph call answers error 190)</label>
<button type="button" id="fail-next">Make the site's next message fail</button>
</fieldset>
</form>

<p id="result" role="status" aria-live="polite"></p>

<section aria-labelledby="conversation-title">
<h2 id="conversation-title">Conversation</h2>
<ol id="conversation" aria-live="polite"></ol>
</section>
</main>
<script>
const $ = (id) => document.getElementById(id);
const customer = () => ({ from: $('customer').elements.from.value.trim(), name: $('customer').elements.name.value.trim() || undefined });
const say = (text) => { $('result').textContent = text; };

async function send(message) {
  const who = customer();
  if (!/^[1-9][0-9]{6,14}$/.test(who.from)) { say('The customer number must be digits in international form, without +.'); return; }
  say('Sending…');
  const res = await fetch('/__send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...who, ...message }) });
  const answer = await res.json();
  if (!res.ok) say('Not sent: ' + answer.message);
  else say(answer.delivered !== null && answer.delivered < 300
    ? 'Delivered to the site (HTTP ' + answer.delivered + ', ' + answer.attempts + ' attempt' + (answer.attempts > 1 ? 's' : '') + ').'
    : 'The site did not take it: ' + (answer.delivered === null ? (answer.error || 'no answer') : 'HTTP ' + answer.delivered) + ' after ' + answer.attempts + ' attempts.');
  await refresh();
}

const base64 = (file) => new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
  reader.onerror = () => reject(reader.error);
  reader.readAsDataURL(file);
});

$('text').addEventListener('submit', async (e) => {
  e.preventDefault();
  const field = e.target.elements.text;
  await send({ text: field.value });
  field.value = '';
});
$('image').addEventListener('submit', async (e) => {
  e.preventDefault();
  const kind = e.submitter ? e.submitter.value : 'image';
  const form = e.target.elements;
  const file = form.file.files[0];
  const caption = form.caption.value || undefined;
  const media = file ? { base64: await base64(file), mime_type: file.type || undefined, filename: file.name } : { sample: true };
  await send({ [kind]: kind === 'voice' ? media : { ...media, caption } });
});
$('button').addEventListener('submit', async (e) => {
  e.preventDefault();
  const f = e.target.elements;
  const text = f.text.value, payload = f.payload.value;
  await send(f.kind.value === 'button' ? { button: { text, payload } } : { [f.kind.value]: { id: payload, title: text } });
});

async function setMode(change) {
  const res = await fetch('/__mode', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(change) });
  const mode = await res.json();
  say('Mode: status webhooks ' + mode.statuses + ', token ' + mode.token + (mode.fail ? ', the next ' + mode.fail + ' message(s) from the site fail' : '') + '.');
}
$('mode').elements.statuses.addEventListener('change', (e) => setMode({ statuses: e.target.checked ? 'on' : 'off' }));
$('mode').elements.expired.addEventListener('change', (e) => setMode({ token: e.target.checked ? 'expired' : 'valid' }));
$('fail-next').addEventListener('click', () => setMode({ fail: 1 }));

let shown = '';
async function refresh() {
  const who = customer().from;
  const [sent, received] = await Promise.all([
    fetch('/__sent?from=' + encodeURIComponent(who)).then((r) => r.json()),
    fetch('/__received?to=' + encodeURIComponent(who)).then((r) => r.json()),
  ]);
  const items = [
    ...sent.map((m) => ({ at: m.at, who: 'customer', label: 'Customer', text: m.text, note: m.type + (m.delivered === null ? ', not delivered' : ', site answered ' + m.delivered) })),
    ...received.map((m) => ({ at: m.at, who: 'site', label: 'Site', text: m.type === 'template' ? 'Template ' + m.template.name + (m.template.params.length ? ': ' + m.template.params.join(' · ') : '') : m.text, note: m.type + ', ' + m.status })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const key = JSON.stringify(items);
  if (key === shown) return;
  shown = key;
  $('conversation').replaceChildren(...items.map((item) => {
    const li = document.createElement('li');
    li.className = item.who;
    const head = document.createElement('div');
    head.className = 'meta';
    head.textContent = item.label + ' · ' + new Date(item.at).toLocaleTimeString() + ' · ' + item.note;
    const body = document.createElement('div');
    body.textContent = item.text;
    li.append(head, body);
    return li;
  }));
}
$('customer').elements.from.addEventListener('change', refresh);
refresh();
setInterval(() => { refresh().catch(() => undefined); }, 1500);
</script>
</body>
</html>`;
}
