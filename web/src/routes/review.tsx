import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { AuthRequired } from '../components/auth-required';
import { PageSkeleton } from '../components/page-skeleton';
import { Card, CardContent, CardHeader } from '../components/ui/card';
import { usePageMeta } from '../hooks/use-page-meta';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { ReviewForm } from '../features/reviews/components/review-form';
import { RevieweeCard } from '../features/users/components/reviewee-card';

/** `/review/:userId` (spec section 2, Review): sign-in required; `?exchange=` names the exchange reviewed. */
export default function ReviewRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('reviewForm.pageTitle') });
  const { userId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSkeleton />;
  if (!user) return <AuthRequired description={t('reviewForm.loginRequired')} />;

  const exchangeId = search.get('exchange') ?? undefined;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{t('reviewForm.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('reviewForm.subtitle')}</p>
        </CardHeader>
        <CardContent className="grid gap-6">
          <RevieweeCard userId={userId} />
          <ReviewForm
            revieweeId={userId}
            {...(exchangeId ? { exchangeId } : {})}
            onSubmitted={() => navigate(paths.profile)}
          />
        </CardContent>
      </Card>
    </div>
  );
}
