import type { ReactNode } from 'react';
import { BadgeCheck, CalendarDays, Handshake, MapPin, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UserPublic } from '@nomadswap/contracts/responses';
import { LIMITS } from '@nomadswap/contracts/enums';
import { EXCHANGE_LIMITS } from '@nomadswap/contracts/exchange-limits';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { StarRating } from '../../../components/star-rating';
import { formatRating } from '../../../lib/format';
import { formatDate } from '../../../lib/format';
import { StayFacts } from '../../../components/stay-facts';
import { displayPlaceLabel } from '../../../lib/place-label';
import {
  PROFILE_BAND_CLASS,
  PROFILE_CARD_BODY_CLASS,
  PROFILE_PHOTO_CLASS,
  PROFILE_PHOTO_ROW_CLASS,
} from './profile-layout';

interface UserProfileCardProps {
  user: UserPublic;
  /**
   * `own` (/profile): rating as "4.5" and the completed-swaps count. `public` (/user/:id): rating as
   * "4.5/5" and a member-since badge (spec section 2).
   */
  variant: 'own' | 'public';
  /** Buttons in the card's corner: Edit Profile, Report User. */
  actions?: ReactNode;
  /** More facts in the card's list (a `<div>` of `<dt>`/`<dd>`): the typical reply time in chat. */
  facts?: ReactNode;
}

/** The profile header: photo, name, @username, location, rating and reviews, badges and bio. */
export function UserProfileCard({ user, variant, actions, facts }: UserProfileCardProps) {
  const { t, i18n } = useTranslation();
  const rating = formatRating(user.rating, i18n.language);

  return (
    <Card className="overflow-hidden">
      <div aria-hidden="true" className={PROFILE_BAND_CLASS} />
      <div className={PROFILE_CARD_BODY_CLASS}>
        <div className={PROFILE_PHOTO_ROW_CLASS}>
          <Avatar
            src={user.avatar}
            name={user.fullName}
            alt={t('profile.photoOf', { name: user.fullName })}
            className={PROFILE_PHOTO_CLASS}
          />
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>

        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-2xl font-bold tracking-tight wrap-anywhere">{user.fullName}</h1>
            {user.isVerified ? (
              <Badge variant="success">
                <BadgeCheck aria-hidden="true" />
                {t('profile.verified')}
              </Badge>
            ) : null}
            {variant === 'public' ? (
              <Badge variant="secondary">
                <CalendarDays aria-hidden="true" />
                {t('profile.memberSince', {
                  date: formatDate(user.createdAt, i18n.language, { month: 'long', year: 'numeric' }),
                })}
              </Badge>
            ) : null}
          </div>
          <p className="text-muted-foreground wrap-anywhere">@{user.username}</p>
        </div>

        <dl className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <div>
            <dt className="sr-only">{t('profile.location')}</dt>
            <dd className="flex items-center gap-1.5">
              <MapPin className="size-4 text-primary" aria-hidden="true" />
              {user.location ? displayPlaceLabel(user.location, i18n.language) : t('welcome.notSpecified')}
            </dd>
          </div>
          {/* The own profile shows the stay in its own card, where it is edited. */}
          {variant === 'public' ? <StayFacts stay={user.stay} /> : null}
          <div>
            <dt className="sr-only">{t('profile.rating')}</dt>
            <dd className="flex items-center gap-1.5">
              <StarRating rating={user.rating} />
              <span className="font-semibold">
                {variant === 'public' ? t('profile.ratingOutOf', { rating, max: LIMITS.ratingMax }) : rating}
              </span>
              <span className="text-muted-foreground">
                {t('profile.reviewCount', { count: user.reviewCount })}
              </span>
            </dd>
          </div>
          {variant === 'own' ? (
            <div>
              <dt className="sr-only">{t('profile.completedSwapsLabel')}</dt>
              <dd className="flex items-center gap-1.5">
                <Handshake className="size-4 text-primary" aria-hidden="true" />
                {t('profile.completedSwaps', { count: user.completedSwaps })}
              </dd>
            </div>
          ) : null}
          {user.arrangedSwaps >= EXCHANGE_LIMITS.reliabilityMinArranged ? (
            <div>
              <dt className="sr-only">{t('profile.reliabilityLabel')}</dt>
              <dd className="flex items-center gap-1.5">
                <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
                {t('profile.reliability', { completed: user.completedSwaps, arranged: user.arrangedSwaps })}
              </dd>
            </div>
          ) : null}
          {facts}
        </dl>

        {user.bio ? (
          <p className="whitespace-pre-line text-sm leading-relaxed text-foreground/90 wrap-anywhere">
            {user.bio}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
