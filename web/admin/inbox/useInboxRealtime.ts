import { useEffect, useRef } from 'react';
import { inboxChannels, inboxEvent } from '../../../shared/admin/realtime.ts';
import { appwrite } from '../../auth/appwrite.ts';
import { useAppwriteConfig } from '../../auth/forms.ts';

// Live updates of an open inbox or lead (docs/decisions/0016): the appwrite SDK's client.subscribe on the
// inquiries and lead_activity channels, with the signed-in staff member's session. Appwrite sends events
// only to users who may read the documents (the collections grant read to the labels admin and
// moderator), so this adds nothing a plain user could use. The SDK is the one the sign-in loaded already.

export interface InboxEvent {
  collection: 'inquiries' | 'activity';
  action: 'create' | 'update' | 'delete';
  leadId: string;
  payload: Record<string, unknown>;
}

export function useInboxRealtime(onEvent: (event: InboxEvent) => void) {
  const config = useAppwriteConfig();
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    if (!config) return;
    let live = true;
    let unsubscribe: (() => void) | null = null;
    appwrite(config).then(({ client }) => {
      if (!live) return;
      unsubscribe = client.subscribe(inboxChannels(config.databaseId), (e) => {
        const payload = (e.payload ?? {}) as Record<string, unknown>;
        const about = inboxEvent(e.events, payload);
        if (about) latest.current({ ...about, payload });
      });
    }).catch(() => {
      // No SDK (offline): the page still works, it only misses live updates until reloaded.
    });
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [config]);
}
