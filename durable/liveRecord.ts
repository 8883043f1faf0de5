import { AppwriteApiError, appwriteSettings, serverClient } from '../platform/appwrite.ts';
import { recordFirstResponse } from '../platform/leadClock.ts';
import { appConfig } from '../platform/config.ts';
import { fitToRecord, recordTranscript } from '../shared/chat/submissions.ts';
import type { LiveMessage, LiveState } from '../shared/chat/live.ts';
import { COLLECTIONS } from '../shared/appwrite/schema.ts';

// The live chat's record in Appwrite (collection live_chats, written first by the submissions queue under
// the submission id): the room rewrites its transcript and state as the conversation goes on, so staff
// find the whole conversation on the lead (docs/decisions/0019). A change of state is also written onto the
// inbox item (inquiries, same id), which staff receive through Appwrite Realtime: every open admin page
// learns at once that a waiting visitor was joined or left (docs/decisions/0030).

export type RecordSync = 'written' | 'not_configured' | 'not_yet';

export interface LiveRecordWrite {
  id: string;
  state: LiveState;
  staffName: string | null;
  messages: readonly LiveMessage[];
  /** The address a waiting visitor gave (docs/decisions/0030). */
  email?: string;
  /** The state the inbox item was last given: written again only when it differs. */
  inquiryState?: LiveState;
}

/**
 * Writes the transcript and state onto the record, and a new state onto the inbox item. 'not_yet' when the
 * record is not there yet (the queue has not delivered it): the caller tries again later. Throws when
 * Appwrite fails.
 */
export async function writeLiveRecord(env: Env, w: LiveRecordWrite): Promise<RecordSync> {
  const settings = appwriteSettings(appConfig(env));
  if (!settings?.apiKey) return 'not_configured';
  const client = serverClient({ ...settings, apiKey: settings.apiKey });
  const data = fitToRecord('live', { messages: recordTranscript('live', w.messages), liveState: w.state, staffName: w.staffName ?? '', ...(w.email ? { email: w.email } : {}) });
  try {
    await client.updateDocument(settings.databaseId, COLLECTIONS.liveChats, w.id, data);
    if (w.state !== w.inquiryState) await client.updateDocument(settings.databaseId, COLLECTIONS.inquiries, w.id, { liveState: w.state });
    return 'written';
  } catch (err) {
    if (err instanceof AppwriteApiError && err.status === 404) return 'not_yet';
    throw err;
  }
}

/**
 * The lead's first answer, given in its live chat (docs/decisions/0029), onto its inquiry (under the same
 * submission id). 'not_yet' while the queue has not written the inquiry; an earlier answer stays.
 */
export async function writeLiveAnswer(env: Env, id: string, answer: { at: string; by: string | null; byName: string | null }): Promise<RecordSync> {
  const settings = appwriteSettings(appConfig(env));
  if (!settings?.apiKey) return 'not_configured';
  const client = serverClient({ ...settings, apiKey: settings.apiKey });
  // 'missing': the queue has not written the inquiry yet (retried by the record's sync).
  return (await recordFirstResponse(client, settings.databaseId, id, { ...answer, via: 'live' })) === 'missing' ? 'not_yet' : 'written';
}
