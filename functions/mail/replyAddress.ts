import type { AppConfig } from '../../platform/config.ts';
import { appwriteSettings, Q, serverClient } from '../../platform/appwrite.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { hmacHex, timingSafeEqualText } from '../../shared/hex.ts';

// A lead's reply address, reply+<token>@INBOUND_DOMAIN (docs/decisions/0027). The token is an HMAC of the
// lead's id under REPLY_TOKEN_SECRET: nobody without the secret can make one for a lead, and it says
// nothing of the lead. 32 lower-case hex characters (128 bits), because mail systems may fold the case of a
// local part. The inquiry keeps it (attribute replyToken) so that mail in finds its lead by one lookup.

const TOKEN = /^[0-9a-f]{32}$/;
const LOCAL_PART = /^reply\+([0-9a-f]{32})$/;

/** The token of a lead, or null when reply addresses are not configured. */
export async function replyToken(config: Pick<AppConfig, 'REPLY_TOKEN_SECRET'>, leadId: string): Promise<string | null> {
  if (!config.REPLY_TOKEN_SECRET) return null;
  return (await hmacHex(config.REPLY_TOKEN_SECRET, `lead-reply:${leadId}`)).slice(0, 32);
}

/** The token of a reply address (any case), or null when it is not one of ours. */
export function tokenOfAddress(config: Pick<AppConfig, 'INBOUND_DOMAIN'>, address: string): string | null {
  const [local, domain] = address.trim().toLowerCase().split('@');
  if (!local || !domain || !config.INBOUND_DOMAIN || domain !== config.INBOUND_DOMAIN) return null;
  return LOCAL_PART.exec(local)?.[1] ?? null;
}

/** True when the token is the lead's (constant time). */
export async function tokenMatches(config: Pick<AppConfig, 'REPLY_TOKEN_SECRET'>, leadId: string, token: string): Promise<boolean> {
  const expected = await replyToken(config, leadId);
  return expected !== null && TOKEN.test(token) && timingSafeEqualText(expected, token);
}

/**
 * The lead's reply address, recorded on its inquiry first (so mail in can find the lead), or null when
 * reply addresses are not configured (INBOUND_DOMAIN, REPLY_TOKEN_SECRET) or accounts are not. Throws when
 * Appwrite fails: a reply sent with an address that leads nowhere would lose the prospect's answer.
 */
export async function replyAddressFor(config: AppConfig, leadId: string, known?: { replyToken?: string | null }): Promise<string | null> {
  const token = await replyToken(config, leadId);
  const settings = appwriteSettings(config);
  if (!token || !config.INBOUND_DOMAIN || !settings?.apiKey) return null;
  if (known?.replyToken !== token) {
    await serverClient({ ...settings, apiKey: settings.apiKey }).updateDocument(settings.databaseId, COLLECTIONS.inquiries, leadId, { replyToken: token });
  }
  return `reply+${token}@${config.INBOUND_DOMAIN}`;
}

/** The lead a reply token belongs to (checked against the HMAC, not only looked up), or null. */
export async function leadOfToken(config: AppConfig, token: string): Promise<string | null> {
  const settings = appwriteSettings(config);
  if (!TOKEN.test(token) || !settings?.apiKey) return null;
  const list = await serverClient({ ...settings, apiKey: settings.apiKey })
    .listDocuments(settings.databaseId, COLLECTIONS.inquiries, [Q.equal('replyToken', token), Q.limit(1)]);
  const leadId = list.documents[0]?.$id;
  return leadId && (await tokenMatches(config, leadId, token)) ? leadId : null;
}
