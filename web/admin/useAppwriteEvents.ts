import { useEffect, useRef } from 'react';
import { appwrite } from '../auth/appwrite.ts';
import { useAppwriteConfig } from '../auth/forms.ts';

// The admin area's live updates: the `appwrite` SDK's Realtime service (`subscribe`; the older
// `client.subscribe` is deprecated) with the signed-in staff member's
// session (the SDK the sign-in loaded already). Appwrite sends an event only to accounts that may read the
// document: the admin collections grant read to the labels `admin` and `moderator`, which the Worker keeps
// equal to the role (docs/decisions/0016, 0017), so this gives a plain user nothing. Events only refresh
// what a page shows; every write goes through the Worker.

export type AppwriteEventHandler = (events: string[], payload: Record<string, unknown>) => void;

type Subscription = { close: () => Promise<void> };
type RealtimeService = { subscribe: (channels: string[], cb: (e: { events: string[]; payload: unknown }) => void) => Promise<Subscription> };

/** One Realtime service (one socket) for every subscription of the page, per Appwrite project. */
let shared: { key: string; realtime: Promise<RealtimeService> } | null = null;

/** Subscribes to the channels `channelsFor(databaseId)` names while the component is mounted. */
export function useAppwriteEvents(channelsFor: (databaseId: string) => string[], onEvent: AppwriteEventHandler) {
  const config = useAppwriteConfig();
  const latest = useRef(onEvent);
  latest.current = onEvent;
  const channels = config ? channelsFor(config.databaseId).join(' ') : '';
  useEffect(() => {
    if (!config || !channels) return;
    let live = true;
    let subscription: Subscription | null = null;
    const key = `${config.endpoint} ${config.projectId}`;
    if (shared?.key !== key) shared = { key, realtime: appwrite(config).then(({ sdk, client }) => new sdk.Realtime(client)) };
    shared.realtime
      .then((rt) => rt.subscribe(channels.split(' '), (e) => latest.current(e.events, (e.payload ?? {}) as Record<string, unknown>)))
      .then((sub) => {
        if (live) subscription = sub;
        else void sub.close();
      })
      .catch(() => {
        // No SDK (offline): the page still works, it only misses live updates until reloaded.
      });
    return () => {
      live = false;
      void subscription?.close();
    };
  }, [config, channels]);
}
