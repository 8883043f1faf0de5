import { useEffect } from 'react';
import { PRESENCE_HEARTBEAT_MS } from '../../shared/chat/live.ts';
import { api } from '../api/client.ts';
import { useStaffApi } from './useStaffApi.ts';

// While the admin area is open, it tells the Worker so every PRESENCE_HEARTBEAT_MS: visitors who ask for a
// person then reach someone live (docs/decisions/0019). A failed beat is simply tried again at the next one.
export function usePresence(active: boolean) {
  const run = useStaffApi();
  useEffect(() => {
    if (!active) return;
    const beat = () => void run((init) => api.admin.presence.$post({}, init));
    beat();
    const timer = window.setInterval(beat, PRESENCE_HEARTBEAT_MS);
    return () => window.clearInterval(timer);
  }, [active, run]);
}
