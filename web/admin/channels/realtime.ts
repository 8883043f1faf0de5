import { useEffect, useRef } from 'react';
import { COLLECTIONS, DATABASE_ID } from '../../../shared/appwrite/schema.ts';
import { appwrite } from '../../auth/appwrite.ts';
import { useAppwriteConfig } from '../../auth/forms.ts';

// Team channels in realtime: the `appwrite` SDK's Realtime (loaded with the SDK, on demand), subscribed to
// the channels or messages collection. Appwrite sends each event only to accounts that may read the document:
// staff, through the labels the Worker keeps equal to their role (docs/decisions/0017). The events only
// refresh what the page shows; every write goes through the Worker.

export interface TeamEvent {
  /** create, update or delete. */
  action: string;
  payload: Record<string, unknown>;
}

type Collection = 'channels' | 'messages';

let shared: { key: string; realtime: Promise<{ subscribe: (channels: string[], cb: (e: { events: string[]; payload: unknown }) => void) => Promise<{ close: () => Promise<void> }> }> } | null = null;

export function useTeamRealtime(collection: Collection, onEvent: (event: TeamEvent) => void) {
  const config = useAppwriteConfig();
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    if (!config) return;
    let closed = false;
    let close: (() => Promise<void>) | null = null;
    const key = `${config.endpoint} ${config.projectId}`;
    if (shared?.key !== key) shared = { key, realtime: appwrite(config).then(({ sdk, client }) => new sdk.Realtime(client)) };
    const channel = `databases.${DATABASE_ID}.collections.${COLLECTIONS[collection]}.documents`;
    shared.realtime
      .then((rt) => rt.subscribe([channel], (e) => {
        const action = e.events.find((n) => n.startsWith(`${channel}.`))?.split('.').at(-1) ?? 'update';
        handler.current({ action, payload: (e.payload ?? {}) as Record<string, unknown> });
      }))
      .then((sub) => {
        if (closed) void sub.close();
        else close = sub.close;
      })
      // Without realtime the page still works; it just does not update by itself.
      .catch(() => undefined);
    return () => {
      closed = true;
      void close?.();
    };
  }, [config, collection]);
}
