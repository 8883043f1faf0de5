import { appConfig } from '../../platform/config.ts';
import { appwriteSettings, Q, serverClient } from '../../platform/appwrite.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { KEPT_CONVERSATION_TTL_MS } from '../../shared/chat/conversation.ts';
import { errorText, type Logger } from '../../shared/log.ts';
import { LeadStore } from '../admin/leadStore.ts';

// wa.me references and lead claims (collection `wa_refs`, docs/decisions/0031) outlive their use: a code names a
// conversation, which is deleted at the latest 90 days after its last message (KEPT_CONVERSATION_TTL_MS), and a
// claim only keeps a burst of first messages on one lead. Older ones are removed by the quarter-hourly cron, a
// page at a time, so the collection stays small and a code cannot outlive what it carried.

const PAGE = 100;

export async function pruneWaRefs(env: Env, log: Logger, now: number = Date.now()): Promise<number> {
  const settings = appwriteSettings(appConfig(env));
  if (!settings?.apiKey) return 0;
  const client = serverClient({ ...settings, apiKey: settings.apiKey });
  const store = new LeadStore(client, settings.databaseId);
  const before = new Date(now - KEPT_CONVERSATION_TTL_MS).toISOString();
  const old = await client.listDocuments(settings.databaseId, COLLECTIONS.waRefs, [Q.lessThan('createdAt', before), Q.limit(PAGE)]);
  let removed = 0;
  for (const doc of old.documents) {
    try {
      await store.remove(COLLECTIONS.waRefs, doc.$id);
      removed++;
    } catch (err) {
      log.error('whatsapp.ref_prune_failed', { id: doc.$id, error: errorText(err) });
    }
  }
  if (removed) log.info('whatsapp.refs_pruned', { removed });
  return removed;
}
