import { isEmailAddress } from '../email.ts';

/**
 * The lead page's "Reply by e-mail" link: only for an address the one e-mail rule accepts, each part
 * encoded, so that a stored address such as `a@b.co?bcc=x@y.io&body=…` cannot add recipients or words.
 * Null when there is no valid address to reply to.
 */
export function replyMailto(email: string | null | undefined, subject: string): string | null {
  if (!email || !isEmailAddress(email)) return null;
  const at = email.lastIndexOf('@');
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}?subject=${encodeURIComponent(subject)}`;
}
