import { AppwriteApiError, appwriteSettings, serverClient } from '../platform/appwrite.ts';
import { recordFirstResponse } from '../platform/leadClock.ts';
import { appConfig } from '../platform/config.ts';
import { fitToRecord, recordTranscript } from '../shared/chat/submissions.ts';
import type { LiveMessage, LiveState } from '../shared/chat/live.ts';
import { COLLECTIONS } from '../shared/appwrite/schema.ts';

// The live chat's record in Appwrite (collection live_chats, written first by the submissions queue under
// the submission id): the room rewrites its transcript and state as the conversation goes on, so staff
// find the whole conversation on the lead (docs/decisions/0019).

export type RecordSync = 'written' | 'not_configured' | 'not_yet';

/**
 * Writes the transcript and state onto the record. 'not_yet' when the record is not there yet (the queue
 * has not delivered it): the caller tries again later. Throws when Appwrite fails.
 */
export async function writeLiveRecord(env: Env, id: string, state: LiveState, staffName: string | null, messages: readonly LiveMessage[]): Promise<RecordSync> {
  const settings = appwriteSettings(appConfig(env));
  if (!settings?.apiKey) return 'not_configured';
  const data = fitToRecord('live', { messages: recordTranscript('live', messages), liveState: state, staffName: staffName ?? '' });
  try {
    await serverClient({ ...settings, apiKey: settings.apiKey }).updateDocument(settings.databaseId, COLLECTIONS.liveChats, id, data);
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
  try {
    await client.request('GET', `/databases/${encodeURIComponent(settings.databaseId)}/collections/${COLLECTIONS.inquiries}/documents/${encodeURIComponent(id)}`);
  } catch (err) {
    if (err instanceof AppwriteApiError && err.status === 404) return 'not_yet';
    throw err;
  }
  await recordFirstResponse(client, settings.databaseId, id, { ...answer, via: 'live' });
  return 'written';
}
