import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Skeleton } from '../../../components/ui/skeleton';
import { StarRating } from '../../../components/star-rating';
import { useUser } from '../api/get-user';
import { displayPlaceLabel } from '../../../lib/place-label';

/** Who is being reviewed: photo, name, @username, location and current rating (/review/:userId). */
export function RevieweeCard({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const { data: user, isPending, isError } = useUser(userId);

  if (isPending) {
    return (
      <div className="flex items-center gap-3 rounded-xl border bg-card p-4" aria-busy="true">
        <Skeleton className="size-14 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-24" />
        </div>
      </div>
    );
  }
  if (isError) {
    return (
      <p className="rounded-xl border bg-card p-4 text-sm text-muted-foreground">
        {t('profile.unknownUser')}
      </p>
    );
  }
  return (
    <div className="flex items-center gap-3 rounded-xl border bg-card p-4">
      <Avatar src={user.avatar} name={user.fullName} className="size-14" />
      <div className="grid min-w-0 gap-0.5">
        <p className="truncate font-semibold">{user.fullName}</p>
        <p className="truncate text-sm text-muted-foreground">@{user.username}</p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <StarRating rating={user.rating} />
          {user.location ? (
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-3" />
              {displayPlaceLabel(user.location, i18n.language)}
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
}
