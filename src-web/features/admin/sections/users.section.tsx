import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../../components/Loading';
import { ErrorBox } from '../../../components/Notice';
import { trpc } from '../../../lib/trpc';
import { ADMIN_PAGING, AdminTable } from '../components/AdminTable';
import { FilterBar } from '../components/FilterBar';
import { UserActions } from './UserActions';
import { AlertHistory, ContactsCard, PlanCard, SessionsList, WatchlistLine, when } from './UserDetailParts';

/** /admin/users: search, then one account at /admin/users?id=<user id>. */
export default function UsersSection() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  return id ? <UserDetail userId={id} onBack={() => setParams({})} /> : <UserSearch />;
}

function UserSearch() {
  const [q, setQ] = useState<string | undefined>(undefined);
  const query = trpc.admin.users.search.useInfiniteQuery({ q, limit: 50 }, ADMIN_PAGING);
  return (
    <>
      <FilterBar
        label="Find users"
        fields={[{ name: 'q', label: 'Email, phone, user id or ticker', placeholder: 'alice@, 4155550134, TSLA...' }]}
        onApply={(v) => setQ(v.q)}
      />
      <AdminTable
        caption="Users"
        query={query}
        rowKey={(u) => u.id}
        empty={
          q
            ? `No account matches “${q}”. Search by part of an email, the phone's digits, a user id or a ticker they watch.`
            : 'No signed-up accounts yet. Verified accounts appear here newest first.'
        }
        columns={[
          { header: 'Account', cell: (u) => <Link to={`/admin/users?id=${u.id}`}>{u.email ?? u.phone ?? u.id}</Link> },
          { header: 'Plan', cell: (u) => u.plan + (u.isAdmin ? ' · admin' : '') },
          { header: 'Verified', cell: (u) => (u.verified ? 'yes' : 'no') },
          { header: 'Alerts', cell: (u) => (u.alertsPaused ? 'paused' : 'on') },
          { header: 'Tickers', cell: (u) => u.tickers, numeric: true },
          { header: 'Joined', cell: (u) => when(u.createdAt) },
          { header: 'Last sign-in', cell: (u) => when(u.lastLoginAt) },
        ]}
      />
    </>
  );
}

function UserDetail({ userId, onBack }: { userId: string; onBack: () => void }) {
  const utils = trpc.useUtils();
  const q = trpc.admin.users.get.useQuery({ userId });
  const [deleted, setDeleted] = useState(false);
  const refresh = () =>
    Promise.all([utils.admin.users.get.invalidate({ userId }), utils.admin.users.search.invalidate()]);
  const revoke = trpc.admin.users.revokeSessions.useMutation({ onSuccess: refresh });
  const onDeleted = () => {
    setDeleted(true);
    void utils.admin.users.search.invalidate();
  };
  if (q.isLoading) return <Loading />;
  if (q.isError || !q.data) return <ErrorBox>{q.error?.message}</ErrorBox>;
  const u = q.data;
  const name = u.contacts.email ?? u.contacts.phone ?? u.id;
  if (deleted) {
    return (
      <div className="success-box" role="status">
        {name} was deleted.{' '}
        <button type="button" className="btn btn-secondary btn-sm" onClick={onBack}>
          Back to users
        </button>
      </div>
    );
  }
  return (
    <div className="admin-user">
      <p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onBack}>
          ← All users
        </button>
      </p>
      <h2>{name}</h2>
      <div className="admin-cards">
        <PlanCard u={u} />
        <ContactsCard u={u} />
      </div>
      <UserActions u={u} name={name} onChanged={refresh} onDeleted={onDeleted} />
      <SessionsList u={u} onRevoke={(sessionId) => void revoke.mutateAsync({ userId, sessionId })} />
      <WatchlistLine u={u} />
      <AlertHistory u={u} />
    </div>
  );
}
