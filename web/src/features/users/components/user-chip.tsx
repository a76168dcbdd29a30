import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { Avatar } from '../../../components/ui/avatar';
import { Skeleton } from '../../../components/ui/skeleton';
import { useUser } from '../api/get-user';

/** A user's photo and name looked up by id, linking to their profile. */
export function UserChip({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { data: user, isPending, isError } = useUser(userId);

  if (isPending) {
    return (
      <span className="flex items-center gap-2">
        <Skeleton className="size-8 rounded-full" />
        <Skeleton className="h-4 w-28" />
      </span>
    );
  }
  if (isError) return <span className="text-sm text-muted-foreground">{t('profile.unknownUser')}</span>;
  return (
    <Link
      to={paths.user(user.id)}
      className="flex items-center gap-2 rounded font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Avatar src={user.avatar} name={user.fullName} className="size-8" />
      {user.fullName}
    </Link>
  );
}
