import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ClientResponse } from 'hono/client';
import type { LeadDetailResponse } from '../../../shared/admin/leadView.ts';
import type { Ok } from '../../api/client.ts';
import { unwrap } from '../../api/queries.ts';
import { adminKeys } from '../queryKeys.ts';
import { useStaffApi } from '../useStaffApi.ts';

type Init = { headers: Record<string, string> };

/**
 * A change to the open lead (status, assignee, a note). With `optimistic`, the page shows the change at
 * once (the query `key` holds the lead) and puts the lead back as it was if the Worker refuses it; either
 * way every lead view is refreshed afterwards, so the inbox's list and counts follow.
 */
export function useLeadChange<V, R extends ClientResponse<unknown, number, string>>(
  key: QueryKey,
  request: (value: V, init: Init) => Promise<R>,
  optimistic?: (lead: LeadDetailResponse, value: V) => LeadDetailResponse,
) {
  const run = useStaffApi();
  const queryClient = useQueryClient();
  return useMutation<Ok<R>, Error, V, { previous?: LeadDetailResponse }>({
    mutationFn: (value) => unwrap(run((init) => request(value, init))),
    onMutate: async (value) => {
      if (!optimistic) return {};
      // An answer already on its way would overwrite the change with the lead as it was.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<LeadDetailResponse>(key);
      if (previous) queryClient.setQueryData(key, optimistic(previous, value));
      return { previous };
    },
    onError: (_error, _value, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.leads }),
  });
}
