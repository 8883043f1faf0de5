import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ClientResponse } from 'hono/client';
import type { Ok } from '../api/client.ts';
import { unwrap } from '../api/queries.ts';
import { useStaffApi } from './useStaffApi.ts';

/** A query over one admin call (`useStaffApi`): its data, or its ApiCallError as the query's error. */
export function useStaffQuery<R extends ClientResponse<unknown, number, string>>(
  queryKey: QueryKey,
  request: (init: { headers: Record<string, string> }) => Promise<R>,
  options?: Omit<UseQueryOptions<Ok<R>>, 'queryKey' | 'queryFn'>,
) {
  const run = useStaffApi();
  return useQuery({ queryKey, queryFn: () => unwrap(run(request)), ...options });
}
