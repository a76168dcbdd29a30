import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ItemCardOwner, UserSummary } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { StarRating } from '../../../components/star-rating';
import { Avatar } from '../../../components/ui/avatar';
import { OwnerLeavingBadge } from './leaving-badge';

/**
 * The owner on a card: photo, name, whole stars out of 5 and review count. The name links to the profile
 * only for approved viewers (others may not open profiles, spec section 6), who get the full summary with its id.
 */
export function OwnerSummary({
  owner,
  linked,
}: {
  owner: UserSummary | ItemCardOwner | null;
  linked: boolean;
}) {
  const { t } = useTranslation();
  if (!owner) {
    return <p className="text-sm text-muted-foreground">{t('profile.unknownUser')}</p>;
  }
  const name =
    linked && 'id' in owner ? (
      <Link
        to={paths.user(owner.id)}
        className="block truncate rounded font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {owner.fullName}
      </Link>
    ) : (
      <span className="block truncate font-medium">{owner.fullName}</span>
    );
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <Avatar src={owner.avatar} name={owner.fullName} className="size-8" />
      <div className="min-w-0">
        {name}
        <div className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <StarRating rating={owner.rating} className="[&_svg]:size-3.5" />
          <span>{t('itemCard.reviewCount', { count: owner.reviewCount })}</span>
        </div>
        {'leavingAt' in owner ? <OwnerLeavingBadge owner={owner} /> : null}
      </div>
    </div>
  );
}
