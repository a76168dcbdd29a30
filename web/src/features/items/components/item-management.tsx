import { ExternalLink, ImageOff, Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@nomadswap/contracts/enums';
import { paths } from '../../../config/paths';
import { EmptyState, SectionError } from '../../../components/section-states';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAllItems } from '../api/get-all-items';
import { AdminDeleteItemButton } from './admin-delete-item-button';
import { CategoryBadge } from './category-badge';
import { PhotoStatePlaceholder } from './item-cover';
import { displayPlaceLabel } from '../../../lib/place-label';

/**
 * Admin dashboard 'Item Management' (spec section 2): the first 8 items with '+N more items', each with a
 * view (new tab) and a delete after confirmation.
 */
export function ItemManagement() {
  const { t, i18n } = useTranslation();
  const items = useAllItems();
  const shown = items.data?.slice(0, LIMITS.adminDashboardItems) ?? [];
  const more = (items.data?.length ?? 0) - shown.length;

  return (
    <section aria-labelledby="item-management-title" className="grid gap-4">
      <h2 id="item-management-title" className="text-xl font-semibold tracking-tight">
        {items.data
          ? t('common.withCount', { label: t('admin.items.title'), count: items.data.length })
          : t('admin.items.title')}
      </h2>
      {items.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <span className="sr-only" role="status">
            {t('common.loading')}
          </span>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-24 rounded-xl" />
          ))}
        </div>
      ) : items.isError ? (
        <SectionError
          title={t('admin.items.loadFailed')}
          onRetry={() => void items.refetch()}
          retrying={items.isFetching}
        />
      ) : shown.length === 0 ? (
        <EmptyState icon={Package} title={t('admin.items.empty')} />
      ) : (
        <>
          <ul className="grid gap-3">
            {shown.map((item) => {
              const first = item.photos[0];
              const thumb = first?.state === 'ready' ? first.thumb : (item.images[0] ?? null);
              return (
                <li
                  key={item.id}
                  className="grid grid-cols-[5rem_1fr] gap-3 rounded-xl border bg-card p-3 shadow-sm sm:grid-cols-[6rem_1fr_auto] sm:items-center"
                >
                  <div className="aspect-[4/3] overflow-hidden rounded-lg bg-muted">
                    {first && first.state !== 'ready' ? (
                      <PhotoStatePlaceholder state={first.state} className="text-[10px]" />
                    ) : thumb ? (
                      <img src={thumb} alt="" loading="lazy" className="size-full object-cover" />
                    ) : (
                      <span className="flex size-full flex-col items-center justify-center gap-0.5 text-[11px] text-muted-foreground">
                        <ImageOff className="size-4" aria-hidden="true" />
                        {t('items.noImage')}
                      </span>
                    )}
                  </div>
                  <div className="min-w-0 space-y-1">
                    <h3 className="truncate font-semibold">{item.title}</h3>
                    <div className="flex flex-wrap gap-1.5">
                      <CategoryBadge category={item.category} />
                      <Badge variant="outline">{t(`conditionNames.${item.condition}`)}</Badge>
                      {item.isSwapped ? <Badge variant="secondary">{t('items.swapped')}</Badge> : null}
                      {item.expiredAt ? <Badge variant="secondary">{t('deadlines.expired')}</Badge> : null}
                    </div>
                    <p className="truncate text-sm text-muted-foreground">
                      {item.user
                        ? t('admin.items.owner', { name: item.user.fullName, username: item.user.username })
                        : t('profile.unknownUser')}{' '}
                      · {displayPlaceLabel(item.location, i18n.language)}
                    </p>
                    <p className="line-clamp-2 text-sm">{item.description}</p>
                  </div>
                  <div className="col-span-2 flex gap-2 sm:col-span-1 sm:flex-col">
                    <a
                      href={paths.item(item.id)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonVariants({ variant: 'outline', size: 'sm' })}
                      aria-label={t('admin.items.viewNamed', { title: item.title })}
                    >
                      <ExternalLink aria-hidden="true" />
                      {t('admin.items.view')}
                    </a>
                    <AdminDeleteItemButton item={item} />
                  </div>
                </li>
              );
            })}
          </ul>
          {more > 0 ? (
            <p className="text-sm text-muted-foreground">{t('admin.items.more', { count: more })}</p>
          ) : null}
        </>
      )}
    </section>
  );
}
