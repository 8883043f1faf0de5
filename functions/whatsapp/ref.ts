import { Hono, type Context } from 'hono';
import { appwriteSettings, AppwriteApiError, serverClient, type AppwriteClient } from '../../platform/appwrite.ts';
import { whatsappSettings } from '../../platform/config.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { errorText } from '../../shared/log.ts';
import { newRefCode, waMeLink } from '../../shared/whatsapp/reference.ts';
import { LANGUAGE_HEADER, languageOf } from '../../shared/forms/language.ts';
import { waRefMessages, waRefRequestSchema, type WaRefResponse } from '../../shared/whatsapp/refApi.ts';
import type { AppEnv } from '../env.ts';
import { apiError } from '../errors.ts';
import { conversationAccess, conversationForbidden, conversationRef, conversationStub } from '../chat.ts';
import { jsonOnly, validate } from '../validate.ts';

// POST /api/whatsapp/ref (docs/decisions/0031, "Links and references"): a wa.me link whose first message
// carries a fresh short code, stored in `wa_refs` (the code is the document id) with what it carries over:
// the visitor's current chat, named with its key like every chat route (docs/decisions/0021), and the lead
// the chat filed, if any. Without a chat the code carries nothing (the inbound side then starts a new lead).
// The code is opaque and only links: it names no conversation id and opens nothing. Rate-limited per
// visitor in api.ts.

/** What a code carries over. */
interface Carried {
  conversationRef: string | null;
  leadId: string | null;
}

/** Fresh codes tried before giving up (a collision among ~887 million codes is rare; three in a row is not a thing). */
const CODE_ATTEMPTS = 3;

/** Stores a new code for `carried`; another code when the first is taken. */
async function storeRef(client: AppwriteClient, databaseId: string, carried: Carried): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const code = newRefCode();
    try {
      await client.createDocument(databaseId, COLLECTIONS.waRefs, code, { ...carried, createdAt: new Date().toISOString() }, []);
      return code;
    } catch (err) {
      if (!(err instanceof AppwriteApiError && err.status === 409) || attempt >= CODE_ATTEMPTS) throw err;
    }
  }
}

/** The chat a request names, as the code carries it; 'forbidden' without its key; null for none. */
async function carriedChat(env: Env, id: string | undefined, key: string | undefined): Promise<Carried | 'forbidden' | null> {
  if (!id) return null;
  const access = await conversationAccess(env, id, key);
  if (access.status === 'forbidden') return 'forbidden';
  // An id that names no conversation (made up, or deleted after its retention) carries nothing.
  if (access.status === 'none') return null;
  const lead = await conversationStub(env, id).lead();
  return { conversationRef: conversationRef(env, id), leadId: lead?.filedAt ? lead.id : null };
}

const NO_STORE = { 'Cache-Control': 'no-store' };
const link = (c: Context<AppEnv>, url: string) => c.json<WaRefResponse, 200>({ url }, 200, NO_STORE);

export const whatsappRef = new Hono<AppEnv>()
  .post('/', jsonOnly, validate('json', waRefRequestSchema), async (c) => {
    const wa = whatsappSettings(c.var.config);
    if (!wa) return apiError(c, 503, 'whatsapp_unavailable', waRefMessages.unavailable);
    const { conversationId, conversationKey } = c.req.valid('json');
    // The page's language words the prefilled message only (shared/forms/language.ts).
    const locale = languageOf(c.req.header(LANGUAGE_HEADER));
    let chat: Awaited<ReturnType<typeof carriedChat>>;
    try {
      chat = await carriedChat(c.env, conversationId, conversationKey);
    } catch (err) {
      c.var.log.error('whatsapp.ref_conversation_unavailable', { alert: true, error: errorText(err) });
      return apiError(c, 503, 'unavailable', waRefMessages.busy);
    }
    if (chat === 'forbidden') return conversationForbidden(c, locale);
    const appwrite = appwriteSettings(c.var.config);
    // Without Appwrite there is nowhere to keep a code: the plain link still opens the chat with us.
    if (!appwrite?.apiKey) return link(c, waMeLink(wa.number, null, locale));
    try {
      const code = await storeRef(serverClient({ ...appwrite, apiKey: appwrite.apiKey }), appwrite.databaseId, chat ?? { conversationRef: null, leadId: null });
      c.var.log.info('whatsapp.ref_minted', { carriesChat: chat !== null });
      return link(c, waMeLink(wa.number, code, locale));
    } catch (err) {
      // The visitor still gets to WhatsApp; only the thread is not carried (the inbound side matches by number).
      c.var.log.error('whatsapp.ref_not_stored', { alert: true, error: errorText(err) });
      return link(c, waMeLink(wa.number, null, locale));
    }
  });
