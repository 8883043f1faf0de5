import type { StaffMember } from '../../../shared/admin/leadView.ts';
import { api } from '../../api/client.ts';
import { adminKeys } from '../queryKeys.ts';
import { useStaffQuery } from '../useStaffQuery.ts';

const NONE: StaffMember[] = [];

/**
 * Who a lead can be assigned to (admins and moderators), for the inbox's and the lead's assignee selects:
 * fetched once and shared by every page of the admin area for a few minutes (roles rarely change).
 */
export function useStaffList(): StaffMember[] {
  const staff = useStaffQuery(adminKeys.staff, (init) => api.admin.leads.staff.$get(undefined, init), { staleTime: 5 * 60_000 });
  return staff.data?.staff ?? NONE;
}
