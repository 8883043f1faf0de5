import { randomBytes } from 'node:crypto';
import { LOCAL_API_KEY, LOCAL_ADMIN } from '../../scripts/lib/appwrite-seed.ts';
import { LOCAL_APPWRITE_PROJECT } from '../../scripts/lib/emulators.ts';
import { appwriteServer } from './appwriteServer.ts';
import { expect, signIn, test } from './fixtures.ts';
import { ports } from './servers.ts';

// A customer's WhatsApp media on the lead's timeline (web/admin/inbox/WaMedia.tsx): the files and the `wa_in`
// activity are arranged in Appwrite as the inbound job keeps them (functions/whatsapp/inbound.ts, media.ts); the page
// fetches them through the Worker's staff route with the admin's JWT and shows the image, the voice note's
// player with its transcript beside it, the document to download and the file that was not kept.

const site = `http://localhost:${ports.site}`;
const appwrite = `http://localhost:${ports.appwrite}/v1`;
const server = appwriteServer(appwrite);
test.use({ baseURL: site });

/** A 1×1 PNG. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60)]);
const pdf = Buffer.from('%PDF-1.4\n% a brief\n');

async function upload(fileId: string, name: string, type: string, bytes: Buffer) {
  const form = new FormData();
  form.append('fileId', fileId);
  form.append('file', new File([new Uint8Array(bytes)], name, { type }));
  const res = await fetch(`${appwrite}/storage/buckets/whatsapp_media/files`, {
    method: 'POST', headers: { 'X-Appwrite-Project': LOCAL_APPWRITE_PROJECT, 'X-Appwrite-Key': LOCAL_API_KEY }, body: form,
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

test.describe('WhatsApp media on the lead page', () => {
  test.setTimeout(120_000);

  test('an image, a voice note with its transcript, a document and a dropped file', async ({ page, axe }) => {
    await server('PUT', `/users/${LOCAL_ADMIN.id}/labels`, { labels: ['admin'] });
    const t = `Wa${randomBytes(4).toString('hex')}`;
    const name = `Kwame ${t}`;
    const sent = await page.request.post('/api/forms/contact', { data: { name, email: `kwame-${t.toLowerCase()}@example.com`, service: 'Web Development', budget: '$5k - $10k', timeline: '1-2 months', message: 'We need a shop.' } });
    expect(sent.status()).toBe(202);

    await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(t);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('table').getByRole('link', { name }).click({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const leadId = /\/admin\/leads\/([^/?]+)/.exec(page.url())?.[1] ?? '';

    const id = t.toLowerCase();
    await upload(`wa-img-${id}`, 'image-2026-11-27.png', 'image/png', png);
    await upload(`wa-ogg-${id}`, 'voice-note-2026-11-27.ogg', 'audio/ogg', ogg);
    await upload(`wa-ogg2-${id}`, 'voice-note-2026-11-27.ogg', 'audio/ogg', ogg);
    await upload(`wa-pdf-${id}`, 'brief.pdf', 'application/pdf', pdf);
    const activity = (n: string, text: string | null, attachments: unknown[]) => server('POST', '/databases/main/collections/lead_activity/documents', {
      documentId: `wa-${n}-${id}`, data: { leadId, type: 'wa_in', at: new Date().toISOString(), text, attachments: JSON.stringify(attachments) },
    });
    await activity('a', '(Image) Our shop sign', [{ fileId: `wa-img-${id}`, name: 'image-2026-11-27.png', type: 'image/png', size: png.length, kind: 'image' }]);
    await activity('b', '(Voice note) I would like a price for a website with online payments.', [{ fileId: `wa-ogg-${id}`, name: 'voice-note-2026-11-27.ogg', type: 'audio/ogg', size: ogg.length, kind: 'audio', voice: true }]);
    await activity('c', '(Document: brief.pdf)', [
      { fileId: `wa-pdf-${id}`, name: 'brief.pdf', type: 'application/pdf', size: pdf.length, kind: 'document' },
      { name: 'invoice.pdf', size: 102, dropped: "The file's content is not a PDF, as it claimed to be." },
    ]);
    await activity('d', '(Voice note)', [{ fileId: `wa-ogg2-${id}`, name: 'voice-note-2026-11-27.ogg', type: 'audio/ogg', size: 10, kind: 'audio', voice: true, note: 'Voice note (not transcribed: no Gemini key configured)' }]);

    await page.reload();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const image = timeline.getByRole('img', { name: 'Sent by the prospect on WhatsApp: Our shop sign' });
    await expect(image).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    const players = timeline.locator('audio[aria-label="Voice note from the prospect"]');
    await expect(players).toHaveCount(2);
    await expect(players.first()).toHaveAttribute('src', /^blob:/, { timeout: 20_000 });
    await expect(timeline.getByRole('figure').first()).toContainText('Transcript: I would like a price for a website with online payments.');
    await expect(timeline.getByRole('figure').first()).not.toContainText('(Voice note)');
    await expect(timeline.getByRole('figure').last()).toContainText('Voice note (not transcribed: no Gemini key configured)');

    const download = page.waitForEvent('download');
    await timeline.getByRole('button', { name: 'Download brief.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('brief.pdf');
    await expect(timeline.getByRole('list', { name: 'Attachments not kept' })).toContainText("invoice.pdf: not kept. The file's content is not a PDF");
    await axe();

    await page.setViewportSize({ width: 390, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
