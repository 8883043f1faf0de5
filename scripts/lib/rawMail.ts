// A raw RFC 5322 message as a prospect's mail program sends it: text, optional attachments
// (multipart/mixed, base64), threading headers. For `npm run mail:reply` and the mail-in tests; runs in
// Node and in workerd (no Node imports).

export interface RawAttachment {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface RawMail {
  from: string;
  fromName?: string;
  to: string;
  subject: string;
  messageId: string;
  /** The Message-ID answered (our last mail), and the thread's ids. */
  inReplyTo?: string | null;
  references?: readonly string[];
  text: string;
  /** Sent as HTML only (no text part), as some mail programs do; `text` is then ignored. */
  html?: string;
  attachments?: readonly RawAttachment[];
  date?: Date;
  /** More header lines (`Auto-Submitted: auto-replied`), ASCII. */
  headers?: Readonly<Record<string, string>>;
}

const base64Lines = (bytes: Uint8Array): string => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/.{76}/g, '$&\r\n');
};

/** RFC 2047 for a header word that is not ASCII. */
const headerWord = (v: string) => (/^[\x20-\x7e]*$/.test(v) ? v : `=?UTF-8?B?${base64Lines(new TextEncoder().encode(v)).replace(/\r\n/g, '')}?=`);

export function rawMail(m: RawMail): string {
  const head = [
    `From: ${m.fromName ? `"${headerWord(m.fromName).replace(/"/g, '')}" ` : ''}<${m.from}>`,
    `To: ${m.to}`,
    `Subject: ${headerWord(m.subject)}`,
    `Message-ID: ${m.messageId}`,
    `Date: ${(m.date ?? new Date()).toUTCString().replace('GMT', '+0000')}`,
    ...(m.inReplyTo ? [`In-Reply-To: ${m.inReplyTo}`] : []),
    ...(m.references?.length ? [`References: ${m.references.join(' ')}`] : []),
    ...Object.entries(m.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    'MIME-Version: 1.0',
  ];
  const text = [`Content-Type: text/${m.html ? 'html' : 'plain'}; charset=utf-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(new TextEncoder().encode(m.html ?? m.text))];
  if (!m.attachments?.length) return [...head, ...text, ''].join('\r\n');
  const boundary = `=_mail_${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
  const body = [`--${boundary}`, ...text];
  for (const a of m.attachments) {
    const name = a.name.replace(/["\r\n]/g, '');
    body.push(`--${boundary}`, `Content-Type: ${a.type}; name="${name}"`, 'Content-Transfer-Encoding: base64', `Content-Disposition: attachment; filename="${name}"`, '', base64Lines(a.bytes));
  }
  body.push(`--${boundary}--`, '');
  return [...head, `Content-Type: multipart/mixed; boundary="${boundary}"`, '', ...body].join('\r\n');
}
