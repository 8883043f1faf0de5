import { COLLECTIONS } from '../../../shared/appwrite/schema.ts';
import { useAppwriteEvents } from '../useAppwriteEvents.ts';

// Team channels in realtime (docs/decisions/0017): the channels or messages collection's events.

export interface TeamEvent {
  /** create, update or delete. */
  action: string;
  payload: Record<string, unknown>;
}

type Collection = 'channels' | 'messages';

export function useTeamRealtime(collection: Collection, onEvent: (event: TeamEvent) => void) {
  const documents = `.collections.${COLLECTIONS[collection]}.documents`;
  useAppwriteEvents(
    (databaseId) => [`databases.${databaseId}${documents}`],
    (events, payload) => {
      // `databases.main.collections.messages.documents.<id>.create`: the last word is the action.
      const named = events.find((n) => n.includes(`${documents}.`));
      onEvent({ action: named?.split('.').at(-1) ?? 'update', payload });
    },
  );
}
