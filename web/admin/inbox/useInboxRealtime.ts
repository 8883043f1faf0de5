import { inboxChannels, inboxEvent } from '../../../shared/admin/realtime.ts';
import { useAppwriteEvents } from '../useAppwriteEvents.ts';

// Live updates of an open inbox or lead (docs/decisions/0016): the inquiries and lead_activity channels.

export interface InboxEvent {
  collection: 'inquiries' | 'activity';
  action: 'create' | 'update' | 'delete';
  leadId: string;
  payload: Record<string, unknown>;
}

export function useInboxRealtime(onEvent: (event: InboxEvent) => void) {
  useAppwriteEvents(inboxChannels, (events, payload) => {
    const about = inboxEvent(events, payload);
    if (about) onEvent({ ...about, payload });
  });
}
