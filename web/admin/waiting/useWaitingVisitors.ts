import { WAITING_POLL_MS } from '../../../shared/admin/waiting.ts';
import { api } from '../../api/client.ts';
import { adminKeys } from '../queryKeys.ts';
import { useStaffQuery } from '../useStaffQuery.ts';
import { useInboxRealtime } from '../inbox/useInboxRealtime.ts';

// Who is waiting for a person (GET /api/admin/live/waiting, docs/decisions/0030), fresh at once: a live
// chat's inbox item arriving (Appwrite Realtime on the inbox, docs/decisions/0016) asks again, so does the
// staff member's own join (LiveConversation); a slow poll, also in a background tab, catches the rest (a
// colleague joined, the visitor left, a lost realtime socket).

export function useWaitingVisitors() {
  const query = useStaffQuery(adminKeys.waiting, (init) => api.admin.live.waiting.$get({}, init), {
    refetchInterval: WAITING_POLL_MS,
    refetchIntervalInBackground: true,
  });
  const { refetch } = query;
  useInboxRealtime((event) => {
    // A live chat's item, or a WhatsApp lead whose customer asked for a person or was joined (docs/decisions/0031).
    if (event.collection === 'inquiries' && (event.payload.kind === 'live' || typeof event.payload.waHandler === 'string')) void refetch();
  });
  return query.data?.waiting ?? [];
}
