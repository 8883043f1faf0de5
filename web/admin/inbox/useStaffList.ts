import { useEffect, useState } from 'react';
import type { StaffMember } from '../../../shared/admin/leadView.ts';
import { api } from '../../api/client.ts';
import { useStaffApi } from '../useStaffApi.ts';

/** Who a lead can be assigned to (admins and moderators), for the inbox's and the lead's assignee selects. */
export function useStaffList(): StaffMember[] {
  const run = useStaffApi();
  const [staff, setStaff] = useState<StaffMember[]>([]);
  useEffect(() => {
    let live = true;
    void run((init) => api.admin.leads.staff.$get(undefined, init)).then((r) => {
      if (live && r.ok) setStaff(r.data.staff);
    });
    return () => {
      live = false;
    };
  }, [run]);
  return staff;
}
