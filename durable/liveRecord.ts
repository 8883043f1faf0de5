import { AppwriteApiError, appwriteSettings, serverClient } from '../platform/appwrite.ts';
import { appConfig } from '../platform/config.ts';
import { fitToRecord, recordTranscript } from '../shared/chat/submissions.ts';
import type { LiveMessage, LiveState } from '../shared/chat/live.ts';
import { COLLECTIONS } from '../shared/appwrite/schema.ts';

// The live chat's record in Appwrite (collection live_chats, written first by the submissions queue under
// the submission id): the room rewrites its transcript and state as the conversation goes on, so staff
// find the whole conversation on the lead (docs/decisions/0019).

export type RecordSync = 'written' | 'not_configured' | 'not_yet';

/**
 * Writes the transcript and state onto the record (and the address a waiting visitor left, docs/decisions/0030). 'not_yet' when the record is not there yet (the queue
 * has not delivered it): the caller tries again later. Throws when Appwrite fails.
 */
export async function writeLiveRecord(env: Env, id: string, state: LiveState, staffName: string | null, messages: readonly LiveMessage[], email?: string): Promise<RecordSync> {
  const settings = appwriteSettings(appConfig(env));
  if (!settings?.apiKey) return 'not_configured';
  const data = fitToRecord('live', { messages: recordTranscript('live', messages), liveState: state, staffName: staffName ?? '', ...(email ? { email } : {}) });
  try {
    await serverClient({ ...settings, apiKey: settings.apiKey }).updateDocument(settings.databaseId, COLLECTIONS.liveChats, id, data);
    return 'written';
  } catch (err) {
    if (err instanceof AppwriteApiError && err.status === 404) return 'not_yet';
    throw err;
  }
}
