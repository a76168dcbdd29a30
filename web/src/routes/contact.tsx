import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '../components/ui/card';
import { PageSkeleton } from '../components/page-skeleton';
import { usePageMeta } from '../hooks/use-page-meta';
import { useSupportEmail } from '../hooks/use-support-email';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { ContactForm } from '../features/contact/components/contact-form';
import { ContactInfoCards } from '../features/contact/components/contact-info-cards';

/** `/contact` (spec section 2): open to everyone; the support address comes from configuration. */
export default function ContactRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('contact.pageTitle'), description: t('meta.descriptions.contact') });
  const { user, isLoading } = useCurrentUser();
  // `?category=appeal`: the sanction banners link here to appeal (issue 26).
  const [searchParams] = useSearchParams();
  const supportEmail = useSupportEmail();
  if (isLoading) return <PageSkeleton />;

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-6 sm:py-10">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('contact.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('contact.subtitle')}</p>
      </header>
      <ContactInfoCards supportEmail={supportEmail} />
      <Card>
        <CardContent className="pt-6">
          <ContactForm
            initial={{ name: user?.fullName ?? '', email: user?.email ?? '' }}
            category={searchParams.get('category') ?? undefined}
          />
        </CardContent>
      </Card>
      <p className="text-center text-sm text-muted-foreground">
        {t('contact.direct')}{' '}
        <a href={`mailto:${supportEmail}`} className="font-medium text-primary hover:underline">
          {supportEmail}
        </a>
      </p>
    </div>
  );
}
