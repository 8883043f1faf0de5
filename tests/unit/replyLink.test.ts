import { describe, expect, it } from 'vitest';
import { replyMailto } from '../../shared/admin/replyLink.ts';

// The lead page's "Reply by e-mail" link (issue 24 item 4): made only from an address the one e-mail rule
// accepts, and its query carries the subject and nothing else.
const fields = (href: string) => [...new URL(href).searchParams.keys()];

describe('replyMailto', () => {
  it('links a valid address with the subject as its only field, encoded', () => {
    const href = replyMailto('ama.mensah+shop@example.com', 'Re: a shop & a logo?');
    expect(href).toBe('mailto:ama.mensah%2Bshop@example.com?subject=Re%3A%20a%20shop%20%26%20a%20logo%3F');
    expect(fields(href!)).toEqual(['subject']);
    expect(new URL(href!).searchParams.get('subject')).toBe('Re: a shop & a logo?');
  });

  it('makes no link from an address that would add recipients or words', () => {
    for (const email of ['a@b.co?bcc=spy@evil.io&body=Pay%20here', 'a@b.co&cc=spy@evil.io', 'jo@mail.com, jo@work.com', 'a@b.co\nBcc: spy@evil.io', 'not an address', '', null, undefined]) {
      expect(replyMailto(email, 'Re: hello'), String(email)).toBeNull();
    }
  });
});
