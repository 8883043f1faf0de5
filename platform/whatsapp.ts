import type { CloudAPIErrorResponse, CloudAPIResponse } from '@whatsapp-cloudapi/types/cloudapi';
import type { WhatsAppSettings } from './config.ts';
import type { GraphMessage } from '../shared/whatsapp/outgoing.ts';

// The one way the Worker calls the WhatsApp Cloud API (docs/decisions/0031): send a message
// (POST {graph}/{phone-number-id}/messages) and fetch a customer's media (GET {graph}/{media-id}, then the
// short-lived URL it answers, both with the token). Like mail (platform/mail.ts), a send has three outcomes:
// sent (the wamid), refused (WhatsAppRefused, with Meta's code: it was not sent) or unknown
// (WhatsAppOutcomeUnknown: it may have been sent).

/** How long one Graph call may take before its outcome counts as unknown. */
export const GRAPH_TIMEOUT_MS = 15_000;

/** Meta's codes (developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes) the product acts on. */
export const GRAPH_ERRORS = {
  /** Free text outside the 24-hour customer-service window: only a template may be sent. */
  outsideWindow: 131047,
  /** The access token is invalid or expired (OAuthException). */
  invalidToken: 190,
  /** Too many messages for the number's throughput: transient. */
  throughput: 130429,
} as const;

/** Meta answered that it did not take the message: nothing was sent. `transient`: trying later may work. */
export class WhatsAppRefused extends Error {
  override name = 'WhatsAppRefused';
  constructor(readonly code: number, message: string, readonly transient: boolean) {
    super(`${code}: ${message}`);
  }
}

/** The call failed without saying whether the message left (a timeout, a 5xx, a broken connection). */
export class WhatsAppOutcomeUnknown extends Error {
  override name = 'WhatsAppOutcomeUnknown';
}

const headers = (settings: WhatsAppSettings) => ({ authorization: `Bearer ${settings.token}` });

async function graphError(res: Response): Promise<WhatsAppRefused | WhatsAppOutcomeUnknown> {
  const body = (await res.json().catch(() => null)) as CloudAPIErrorResponse | null;
  const error = body?.error;
  if (res.status >= 500 || !error || typeof error.code !== 'number') {
    return new WhatsAppOutcomeUnknown(`The Graph API answered ${res.status}${error?.message ? `: ${error.message}` : ''}`);
  }
  const detail = error.error_data?.details ? ` (${error.error_data.details})` : '';
  return new WhatsAppRefused(error.code, `${error.message}${detail}`, error.is_transient === true || error.code === GRAPH_ERRORS.throughput);
}

/** Sends one message; resolves with its wamid. */
export async function sendWhatsAppMessage(settings: WhatsAppSettings, message: GraphMessage): Promise<{ wamid: string }> {
  let res: Response;
  try {
    res = await fetch(`${settings.graphUrl}/${settings.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { ...headers(settings), 'content-type': 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
    });
  } catch (err) {
    throw new WhatsAppOutcomeUnknown(`No answer from the Graph API: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!res.ok) throw await graphError(res);
  const body = (await res.json().catch(() => null)) as CloudAPIResponse | null;
  const wamid = body?.messages?.[0]?.id;
  if (!wamid) throw new WhatsAppOutcomeUnknown('The Graph API answered 200 without a message id.');
  return { wamid };
}

export interface MediaInfo {
  url: string;
  mimeType: string;
  fileSize: number | null;
  sha256: string | null;
}

/** A customer's media: its metadata (GET /{media-id}); the URL it gives lives about five minutes. */
export async function mediaInfo(settings: WhatsAppSettings, mediaId: string): Promise<MediaInfo> {
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(mediaId)) throw new WhatsAppRefused(100, 'Not a media id.', false);
  const res = await fetch(`${settings.graphUrl}/${mediaId}`, { headers: headers(settings), signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS) });
  if (!res.ok) throw await graphError(res);
  const body = (await res.json().catch(() => null)) as { url?: unknown; mime_type?: unknown; file_size?: unknown; sha256?: unknown } | null;
  if (typeof body?.url !== 'string' || typeof body.mime_type !== 'string') throw new WhatsAppOutcomeUnknown('The Graph API answered a media id without its URL.');
  return {
    url: body.url,
    mimeType: body.mime_type,
    fileSize: typeof body.file_size === 'number' ? body.file_size : Number(body.file_size) || null,
    sha256: typeof body.sha256 === 'string' ? body.sha256 : null,
  };
}

/** The media's bytes, refused past `maxBytes` (declared or actual) so a large file is never read whole. */
export async function downloadMedia(settings: WhatsAppSettings, info: MediaInfo, maxBytes: number): Promise<Uint8Array> {
  if (info.fileSize !== null && info.fileSize > maxBytes) throw new WhatsAppRefused(413, `The file is ${info.fileSize} bytes, over the ${maxBytes} allowed.`, false);
  const res = await fetch(info.url, { headers: headers(settings), signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS) });
  if (!res.ok || !res.body) throw await graphError(res);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await res.body.cancel().catch(() => undefined);
      throw new WhatsAppRefused(413, `The file is over the ${maxBytes} bytes allowed.`, false);
    }
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}
