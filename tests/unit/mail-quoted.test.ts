import { describe, expect, it } from 'vitest';
import { visibleReply } from '../../shared/mail/quoted.ts';
import { isAutoReply } from '../../shared/mail/autoReply.ts';
import { bodyText } from '../../functions/mail/bodyText.ts';
import PostalMime from 'postal-mime';
import { attachmentsJson, MAX_ATTACHMENT_BYTES, sortAttachments, attachmentName } from '../../shared/mail/attachments.ts';

describe('visibleReply (quoted history and signatures stripped)', () => {
  it('cuts Gmail\'s "On … wrote:" and the quoted lines below it', () => {
    const text = 'Yes, Tuesday works for us.\n\nOn Fri, 27 Nov 2026 at 10:00, Voltalabs <hello@voltalabs.dev> wrote:\n> Hello Ama,\n> Could we meet on Tuesday?\n';
    expect(visibleReply(text)).toBe('Yes, Tuesday works for us.');
  });

  it('cuts a Gmail header wrapped over two lines', () => {
    const text = 'Sounds good.\r\n\r\nOn Fri, 27 Nov 2026 at 10:00, Kwame Asante from Voltalabs <\r\nhello@voltalabs.dev> wrote:\r\n> Hi\r\n';
    expect(visibleReply(text)).toBe('Sounds good.');
  });

  it('cuts Outlook\'s "-----Original Message-----" block', () => {
    const text = 'Please send the quote.\n\n-----Original Message-----\nFrom: Voltalabs <hello@voltalabs.dev>\nSent: Friday, November 27, 2026 10:00 AM\nTo: Ama\nSubject: Your request\n\nHello Ama';
    expect(visibleReply(text)).toBe('Please send the quote.');
  });

  it('cuts Outlook\'s "From: … Sent: …" header block and the rule above it', () => {
    const text = 'Budget is $8k.\n\nThanks\n\n________________________________\nFrom: Voltalabs <hello@voltalabs.dev>\nSent: Friday, November 27, 2026 10:00\nTo: Ama Mensah <ama@example.com>\nSubject: Re: Online shop\n\nWhat is your budget?';
    expect(visibleReply(text)).toBe('Budget is $8k.\n\nThanks');
  });

  it('keeps a line that merely starts with "From:" when no Sent/Date follows', () => {
    expect(visibleReply('From: our Kumasi office, we need 3 logins.\nThat is all.')).toBe('From: our Kumasi office, we need 3 logins.\nThat is all.');
  });

  it('cuts Apple Mail\'s "On 27 Nov 2026, at 10:00, … wrote:" and drops "Sent from my iPhone"', () => {
    const text = 'Great, go ahead.\n\nSent from my iPhone\n\nOn 27 Nov 2026, at 10:00, Voltalabs <hello@voltalabs.dev> wrote:\n\n\ufeffHello Ama\n';
    expect(visibleReply(text)).toBe('Great, go ahead.');
  });

  it('drops ">" quoted lines, keeping answers written between them', () => {
    const text = '> Which pages do you need?\nHome, shop and contact.\n> And a blog?\nNo blog.';
    expect(visibleReply(text)).toBe('Home, shop and contact.\nNo blog.');
  });

  it('cuts the signature at "-- "', () => {
    expect(visibleReply('Call me tomorrow.\n-- \nAma Mensah\nMensah Foods\n+233 24 123 4567')).toBe('Call me tomorrow.');
  });

  it('returns the whole text when only quoted history is left, so nothing is lost', () => {
    expect(visibleReply('> only a quote\n')).toBe('> only a quote');
  });
});

describe('sortAttachments (allow-list and limits)', () => {
  it('keeps safe types, drops unsafe, oversized and over-total ones with a reason', () => {
    const v = sortAttachments([
      { name: 'brief.pdf', type: 'application/pdf', size: 1000 },
      { name: 'logo.svg', type: 'image/svg+xml', size: 100 },
      { name: 'invoice.pdf.exe', type: 'application/pdf', size: 100 },
      { name: 'page.html', type: 'text/html', size: 100 },
      { name: 'fake.png', type: 'text/html', size: 100 },
      { name: 'huge.png', type: 'image/png', size: MAX_ATTACHMENT_BYTES + 1 },
      { name: 'data.csv', type: 'application/vnd.ms-excel', size: 9 * 1024 * 1024 },
      { name: 'more.xlsx', type: 'application/octet-stream', size: 9 * 1024 * 1024 },
      { name: 'last.jpg', type: 'image/jpeg', size: 8 * 1024 * 1024 },
    ]);
    expect(v.map((x) => (x.keep ? `kept ${x.type}` : 'dropped'))).toEqual([
      'kept application/pdf', 'dropped', 'dropped', 'dropped', 'dropped', 'dropped', 'kept text/csv',
      'kept application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'dropped',
    ]);
    expect(v[5]).toMatchObject({ keep: false, reason: 'Larger than 10 MB.' });
    expect(v[8]).toMatchObject({ keep: false, reason: "The message's attachments exceed 25 MB." });
  });

  it('cleans names: no path, no quotes or control characters', () => {
    expect(attachmentName('C:\\Users\\ama\\"x"\r\n.pdf')).toBe('x.pdf');
    expect(attachmentName(null)).toBe('attachment');
  });
});

describe('attachmentsJson (fits the activity attribute)', () => {
  it('lists kept files always, dropped ones while they fit, then how many more', () => {
    const kept = { name: 'a.pdf', fileId: 'ma-1', type: 'application/pdf', size: 10 };
    const dropped = Array.from({ length: 40 }, (_, i) => ({ name: `virus-${i}.exe`, size: 10, dropped: 'File type not accepted.' }));
    const json = attachmentsJson([kept, ...dropped], 1000)!;
    expect(json.length).toBeLessThanOrEqual(1000);
    const list = JSON.parse(json) as { name: string }[];
    expect(list[0]).toEqual(kept);
    expect(list.at(-1)!.name).toMatch(/^\d+ more$/);
    expect(attachmentsJson([])).toBeNull();
  });
});

describe('isAutoReply (RFC 3834 and the older headers)', () => {
  const h = (key: string, value: string) => [{ key, value }];
  it('knows an out-of-office answer and a list, and a person\'s mail', () => {
    expect(isAutoReply(h('Auto-Submitted', 'auto-replied'))).toBe(true);
    expect(isAutoReply(h('auto-submitted', 'auto-generated'))).toBe(true);
    expect(isAutoReply(h('X-Autoreply', 'yes'))).toBe(true);
    expect(isAutoReply(h('Precedence', 'bulk'))).toBe(true);
    expect(isAutoReply(h('Auto-Submitted', 'no'))).toBe(false);
    expect(isAutoReply([{ key: 'subject', value: 'Re: Your request' }])).toBe(false);
  });
});

describe('HTML-only replies: postal-mime, then bodyText, then visibleReply', () => {
  const html = async (body: string) => {
    const raw = ['From: Ama <ama@example.com>', 'To: reply@example.com', 'Subject: Re: hi', 'Message-ID: <a@b>', 'MIME-Version: 1.0', 'Content-Type: text/html; charset=utf-8', '', body, ''].join('\r\n');
    return visibleReply(bodyText(await PostalMime.parse(raw)));
  };

  it('Gmail: the gmail_quote block goes', async () => {
    expect(await html('<div dir="ltr">Thanks, see you <b>Tuesday</b>!</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Fri, Nov 27, 2026 at 10:00 AM Volta Labs &lt;<a href="mailto:hello@voltalabs.dev">hello@voltalabs.dev</a>&gt; wrote:<br></div><blockquote class="gmail_quote">Hello Ama,<br>When can we meet?</blockquote></div>'))
      .toBe('Thanks, see you Tuesday!');
  });

  it('Outlook: the From/Sent header block and what follows go', async () => {
    expect(await html('<html><body><p>Budget is $8k.</p><div id="appendonsend"></div><hr style="display:inline-block;width:98%"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif"><b>From:</b> Volta Labs &lt;hello@voltalabs.dev&gt;<br><b>Sent:</b> Friday, November 27, 2026 10:00 AM<br><b>To:</b> Ama<br><b>Subject:</b> Your request</font><div>&nbsp;</div></div><div>What is your budget?</div></body></html>'))
      .toBe('Budget is $8k.');
  });

  it('Apple Mail: the cited blockquote goes', async () => {
    expect(await html('<html><body><div>Great, go ahead.</div><div><br></div><div><br><blockquote type="cite"><div>On 27 Nov 2026, at 10:00, Volta Labs &lt;hello@voltalabs.dev&gt; wrote:</div><br><div><div>Hello Ama</div></div></blockquote></div></body></html>'))
      .toBe('Great, go ahead.');
  });

  it('prefers the text part when there is one', () => {
    expect(bodyText({ text: 'plain', html: '<p>html</p>' })).toBe('plain');
    expect(bodyText({})).toBe('');
  });
});
