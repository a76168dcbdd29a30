import type { LucideIcon } from 'lucide-react';
import { Clock, ShieldCheck, UserCheck, UserRound, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { EmptyState, SectionError } from '../../../components/section-states';
import { StatCard } from '../../../components/stat-card';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/format';
import { useAllUsers } from '../api/get-all-users';
import { DeleteUserButton } from './delete-user-button';

/**
 * The all-users page (spec section 2, Admin all users): counts, then approved and pending users. The
 * signed-in admin's own row has no delete button.
 */
export function UsersOverview({ adminId }: { adminId: string }) {
  const { t, i18n } = useTranslation();
  const users = useAllUsers();

  if (users.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <span className="sr-only" role="status">
          {t('common.loading')}
        </span>
        <div className="grid grid-cols-3 gap-3">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-20 rounded-xl" />
          ))}
        </div>
        <Skeleton className="h-40 rounded-xl" />
      </div>
    );
  }
  if (users.isError) {
    return (
      <SectionError
        title={t('admin.usersLoadFailed')}
        onRetry={() => void users.refetch()}
        retrying={users.isFetching}
      />
    );
  }

  const approved = users.data.filter((user) => user.isApproved);
  const pending = users.data.filter((user) => !user.isApproved);
  const counts: { icon: LucideIcon; label: string; value: number }[] = [
    { icon: Users, label: t('admin.counts.total'), value: users.data.length },
    { icon: UserCheck, label: t('admin.counts.approved'), value: approved.length },
    { icon: Clock, label: t('admin.counts.pending'), value: pending.length },
  ];

  return (
    <div className="grid gap-8">
      <div className="grid grid-cols-3 gap-3">
        {counts.map((count) => (
          <StatCard key={count.label} icon={count.icon} label={count.label}>
            {formatNumber(count.value, i18n.language)}
          </StatCard>
        ))}
      </div>
      <UserGroup
        id="approved-users"
        title={t('admin.approvedUsers', { count: approved.length })}
        users={approved}
        adminId={adminId}
        emptyTitle={t('admin.noApprovedUsers')}
      />
      <UserGroup
        id="pending-users"
        title={t('admin.pendingUsers', { count: pending.length })}
        users={pending}
        adminId={adminId}
        emptyTitle={t('admin.allCaughtUp')}
      />
    </div>
  );
}

function UserGroup({
  id,
  title,
  users,
  adminId,
  emptyTitle,
}: {
  id: string;
  title: string;
  users: UserSelf[];
  adminId: string;
  emptyTitle: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {users.length === 0 ? (
        <EmptyState icon={Users} title={emptyTitle} />
      ) : (
        <ul className="divide-y overflow-hidden rounded-xl border bg-card shadow-sm">
          {users.map((user) => (
            <li key={user.id}>
              <UserRow user={user} isSelf={user.id === adminId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function UserRow({ user, isSelf }: { user: UserSelf; isSelf: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar src={user.avatar} name={user.fullName} className="size-11" />
        <div className="grid min-w-0 grid-cols-1 gap-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={paths.adminUser(user.id)}
              className="min-w-0 truncate rounded font-semibold hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {user.fullName}
            </Link>
            {user.isApproved ? (
              <Badge variant="success">{t('admin.badgeApproved')}</Badge>
            ) : (
              <Badge variant="warning">{t('admin.badgePending')}</Badge>
            )}
            {user.role === 'admin' ? (
              <Badge variant="default">
                <ShieldCheck aria-hidden="true" />
                {t('admin.badgeAdmin')}
              </Badge>
            ) : null}
          </div>
          <p className="truncate text-sm text-muted-foreground">
            @{user.username} · {user.email}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <Link
          to={paths.user(user.id)}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          aria-label={t('admin.viewProfileNamed', { name: user.fullName })}
        >
          <UserRound aria-hidden="true" />
          {t('admin.viewProfile')}
        </Link>
        {isSelf ? null : <DeleteUserButton user={user} via="users" />}
      </div>
    </div>
  );
}
