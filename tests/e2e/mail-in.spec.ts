import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_ADMIN } from '../../scripts/lib/appwrite-seed.ts';
import { appwriteServer } from './appwriteServer.ts';
import { expect, signIn, test } from './fixtures.ts';
import { mailReplyTo } from './mailReply.ts';
import { ports } from './servers.ts';

// Mail in end to end: a visitor's lead, the admin on its lead page, and the prospect's answer sent with the
// documented command (`npm run mail:reply`), which posts the raw message to wrangler dev's Email Routing
// endpoint (/cdn-cgi/handler/email) and so runs the Worker's email() handler. The open lead page then
// shows, without a reload, "Replied by prospect", the prospect's words without the quoted history, and the attachment, which the
// admin downloads; a stranger's answer is refused with the reason wrangler reports.

const site = `http://localhost:${ports.site}`;
const appwrite = `http://localhost:${ports.appwrite}/v1`;
test.use({ baseURL: site });

const mailReply = mailReplyTo(site, appwrite);

test.describe('mail in', () => {
  test.setTimeout(120_000);

  test("a prospect's e-mail answer shows on the lead with its attachment; a stranger's is refused", async ({ page, axe }) => {
    await appwriteServer(appwrite)('PUT', `/users/${LOCAL_ADMIN.id}/labels`, { labels: ['admin'] });
    const tag = `Mail${randomBytes(4).toString('hex')}`;
    const name = `Abena ${tag}`;
    const email = `abena-${tag.toLowerCase()}@example.com`;
    const sent = await page.request.post('/api/forms/contact', { data: { name, email, service: 'Web Development', budget: '$5k - $10k', timeline: '1-2 months', message: 'We need a shop.' } });
    expect(sent.status()).toBe(202);

    await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
    await expect(page).toHaveURL(`${site}/admin`);
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name })).toBeVisible({ timeout: 20_000 });
    await table.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const leadId = /\/admin\/leads\/([^/?]+)/.exec(page.url())?.[1] ?? '';
    expect(leadId).not.toBe('');
    await expect(page.getByText('Replied by prospect')).toHaveCount(0);

    const brief = join(tmpdir(), `brief-${tag}.pdf`);
    await writeFile(brief, '%PDF-1.4\n% our brief\n');
    const text = 'Tuesday works for us, our brief is attached.\n\nOn Fri, 27 Nov 2026 at 10:00, Volta Labs <hello@voltalabs.dev> wrote:\n> When can we meet?';
    const ok = await mailReply(['--lead', leadId, '--text', text, '--attach', brief]);
    expect(ok.stdout).toContain('HTTP 200 Worker successfully processed email');

    // A stranger holding the reply address is refused, with the reason the Worker gave.
    const refused = await mailReply(['--lead', leadId, '--from', 'mallory@example.net']).catch((err: { code: number; stdout: string }) => err);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stdout: string }).stdout).toContain('HTTP 400 Worker rejected email with the following reason: This reply address only takes answers from the person the conversation is with. Please write to hello@voltalabs.dev.');

    // The open lead page shows it without a reload (Appwrite Realtime: the new activity and the lead's change).
    const history = page.getByRole('region', { name: 'Timeline' });
    await expect(history.getByText('Tuesday works for us, our brief is attached.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Replied by prospect')).toBeVisible();
    await expect(history.getByText('When can we meet?')).toHaveCount(0);
    const download = page.waitForEvent('download');
    await history.getByRole('button', { name: `Download brief-${tag}.pdf` }).click();
    expect((await download).suggestedFilename()).toBe(`brief-${tag}.pdf`);
    await axe();

    // The inbox list says it too.
    await page.goto(`/admin?q=${tag}`);
    await expect(page.getByRole('table').getByText('Replied by prospect')).toBeVisible({ timeout: 20_000 });
  });
});
