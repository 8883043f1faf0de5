import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { can } from '../../../shared/admin/permissions.ts';
import { ROLES, type Role } from '../../../shared/roles.ts';
import { api, type Ok } from '../../api/client.ts';
import { unwrap } from '../../api/queries.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { buttonClass, formatDate, Note } from '../../ui/kit.tsx';
import { Input, Select } from '../../ui/controls.tsx';
import { AdminSection } from '../AdminSection.tsx';
import { ConfirmDialog, relativeTime, type Confirmation } from '../team/ConfirmDialog.tsx';
import { adminKeys } from '../queryKeys.ts';
import { useStaffApi } from '../useStaffApi.ts';

// /admin/users: every account and its role (docs/product.md, "Admin area"). Admins change roles (a select
// named "Role for EMAIL", then a confirmation), never their own; moderators read the list. The Worker
// decides every change (functions/admin/users.ts), including "never the last admin".

type Person = Ok<Awaited<ReturnType<typeof api.admin.users.$get>>>['people'][number];

const roleNames: Record<Role, string> = { admin: 'Admin', moderator: 'Moderator', user: 'User' };

export default function UsersPage() {
  const auth = useAuth();
  const run = useStaffApi();
  const role = auth.status === 'signed-in' ? auth.role : null;
  const me = auth.status === 'signed-in' ? auth.user.$id : '';
  const changeRoles = can(role, 'user.role');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const queryClient = useQueryClient();
  // One search's pages, "Show more people" adding the next; keyed by the search, so the list is always
  // the answer to the last one asked.
  const list = useInfiniteQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ pageParam }) => unwrap(run((init) => api.admin.users.$get({ query: { ...(query ? { search: query } : {}), ...(pageParam ? { cursor: pageParam } : {}) } }, init))),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const people = list.data?.pages.flatMap((p) => p.people) ?? null;
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const [failure, setFailure] = useState<string | null>(null);
  const error = failure ?? list.error?.message ?? null;
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const change = async (p: Person, to: Role) => {
    const r = await run((init) => api.admin.users[':userId'].role.$patch({ param: { userId: p.id }, json: { role: to } }, init));
    if (!r.ok) {
      setNotice(null);
      return setFailure(r.error.message);
    }
    setFailure(null);
    setNotice(`${p.email} is now ${roleNames[to].toLowerCase()}. It takes effect on their next request.`);
    void queryClient.invalidateQueries({ queryKey: adminKeys.users(query) });
  };

  const ask = (p: Person, to: Role) => setConfirmation({
    title: `Make ${p.email} ${roleNames[to].toLowerCase()}?`,
    body: to === 'user'
      ? `${p.name || p.email} loses access to the admin area at their next request.`
      : to === 'admin'
        ? `${p.name || p.email} can then change roles, manage channels and discard deliveries.`
        : `${p.name || p.email} can then work leads and take part in channels, but not change roles.`,
    confirm: 'Change role',
    onConfirm: () => void change(p, to),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery(search.trim());
  };

  return (
    <AdminSection
      title="People"
      intro={changeRoles ? 'Everyone with an account, and what they may do here.' : 'Everyone with an account. Only an admin can change roles.'}
    >
      <search>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="people-search" className="block text-sm font-semibold text-ink">Search people</label>
          <Input size="sm" id="people-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name or e-mail" className="mt-1 block w-72 max-w-full" />
        </div>
        <button type="submit" className={buttonClass.secondary}>Search</button>
      </form>
      </search>

      {notice && <Note tone="ok">{notice}</Note>}
      {error && <Note tone="error">{error}</Note>}

      {!people ? (
        !error && <div className="flex justify-center py-10"><Spinner size="md" label="Loading people" /></div>
      ) : people.length === 0 ? (
        <Note>{query ? `Nobody matches "${query}".` : 'There are no accounts yet.'}</Note>
      ) : (
        <section aria-labelledby="people-title" className="space-y-3">
          <h2 id="people-title" className="text-sm text-slate-700">{total === 1 ? '1 account' : `${total} accounts`}{query ? ` matching "${query}"` : ''}</h2>
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {people.map((p) => (
              <li key={p.id} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <div>
                  <p className="font-semibold break-all text-ink">{p.name || p.email}{p.id === me && <span className="ml-2 text-sm font-normal text-slate-600">(you)</span>}</p>
                  <p className="text-sm break-all text-slate-700">{p.email}</p>
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-600">Role</dt>
                  <dd>
                    {changeRoles && p.id !== me ? (
                      <Select
                        size="sm"
                        aria-label={`Role for ${p.email}`}
                        value={p.role}
                        onChange={(e) => ask(p, e.target.value as Role)}
                      >
                        {ROLES.map((r) => <option key={r} value={r}>{roleNames[r]}</option>)}
                      </Select>
                    ) : (
                      <span className="font-semibold text-ink">{roleNames[p.role]}</span>
                    )}
                  </dd>
                  <dt className="text-slate-600">E-mail</dt>
                  <dd className={p.verified ? 'text-emerald-800' : 'text-amber-800'}>{p.verified ? 'Verified' : 'Not verified'}{p.active ? '' : ' · blocked'}</dd>
                  <dt className="text-slate-600">Joined</dt>
                  <dd><time dateTime={p.createdAt}>{formatDate(p.createdAt)}</time></dd>
                  <dt className="text-slate-600">Last seen</dt>
                  <dd>{p.lastSeenAt ? <time dateTime={p.lastSeenAt}>{relativeTime(p.lastSeenAt)}</time> : 'never'}</dd>
                </dl>
                {p.lastRoleChange && (
                  <p className="text-xs text-slate-600">
                    Made {roleNames[p.lastRoleChange.to].toLowerCase()} (was {roleNames[p.lastRoleChange.from].toLowerCase()}) by {p.lastRoleChange.byName}, <time dateTime={p.lastRoleChange.at}>{formatDate(p.lastRoleChange.at)}</time>
                  </p>
                )}
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="flex justify-center">
              <button type="button" className={buttonClass.secondary} disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>Show more people</button>
            </div>
          )}
        </section>
      )}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </AdminSection>
  );
}
