import { NavLink } from 'react-router-dom';
import { can, type AdminAction } from '../../shared/admin/permissions.ts';
import type { Role } from '../../shared/roles.ts';

// The admin area's sections. Each shows only to a role that may read it (shared/admin/permissions.ts);
// the Worker refuses the rest anyway.
const sections: { to: string; label: string; action: AdminAction; end?: boolean }[] = [
  { to: '/admin', label: 'Inbox', action: 'lead.read', end: true },
  { to: '/admin/channels', label: 'Channels', action: 'channel.read' },
  { to: '/admin/users', label: 'People', action: 'user.list' },
  { to: '/admin/deliveries', label: 'Deliveries', action: 'delivery.read' },
  { to: '/admin/reports', label: 'Reports', action: 'report.read' },
  { to: '/admin/saved-replies', label: 'Saved replies', action: 'reply.manage' },
  { to: '/admin/notifications', label: 'Notifications', action: 'admin.open' },
];

export function AdminNav({ role }: { role: Role }) {
  return (
    <nav aria-label="Admin area" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4">
        {sections.filter((s) => can(role, s.action)).map((s) => (
          <li key={s.to}>
            <NavLink
              to={s.to}
              end={s.end}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap ${isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-ink'}`}
            >
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
