import { BellOff, CheckCircle2, LoaderCircle, Search, TriangleAlert, UserRound } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AlertTokenSchema } from '@nomadswap/contracts/alerts';
import { paths } from '../config/paths';
import { SectionError, SectionLoading } from '../components/section-states';
import { Button, buttonVariants } from '../components/ui/button';
import { usePageMeta } from '../hooks/use-page-meta';
import { errorText } from '../i18n/message-text';
import { useUnsubscribePreview, useUnsubscribeAlert } from '../features/alerts/api/unsubscribe-alert';

/**
 * `/alerts/stop?token=…`: where an alert e-mail's one link lands (issue 22). Opening it changes nothing — mail
 * scanners open links too — it names the alert and a tap on Stop alert stops it, signed in or not.
 */
export default function AlertStopRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('alerts.stop.pageTitle') });
  const [params] = useSearchParams();
  const raw = params.get('token') ?? '';
  const token = AlertTokenSchema.safeParse(raw).success ? raw : '';
  const preview = useUnsubscribePreview(token);
  const stop = useUnsubscribeAlert();

  let body;
  if (!token) body = <Outcome icon={TriangleAlert} title={t('alerts.stop.invalid')} />;
  else if (stop.isSuccess)
    body = (
      <Outcome icon={CheckCircle2} title={t('alerts.stop.stopped')} text={t('alerts.stop.stoppedBody')} />
    );
  else if (preview.isPending) body = <SectionLoading blocks={['h-8 w-2/3 mx-auto', 'h-10 w-40 mx-auto']} />;
  else if (preview.isError)
    body = (
      <SectionError
        title={errorText(t, preview.error, t('alerts.stop.failed'))}
        onRetry={() => void preview.refetch()}
        retrying={preview.isFetching}
      />
    );
  else if (!preview.data.alert) body = <Outcome icon={CheckCircle2} title={t('alerts.stop.already')} />;
  else {
    const { location, category } = preview.data.alert;
    body = (
      <div className="grid gap-4">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary">
          <BellOff aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{t('alerts.stop.title')}</h1>
        <p className="text-muted-foreground">
          {t('alerts.stop.body', {
            city: location,
            category: category ? t(`categoryNames.${category}`) : t('alerts.anyCategory'),
          })}
        </p>
        {stop.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorText(t, stop.error, t('alerts.stop.failed'))}
          </p>
        ) : null}
        <Button
          className="mx-auto w-full sm:w-auto"
          onClick={() => stop.mutate(token)}
          disabled={stop.isPending}
        >
          {stop.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <BellOff aria-hidden="true" />
          )}
          {stop.isPending ? t('alerts.stop.stopping') : t('alerts.stop.confirm')}
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-10 text-center sm:py-16">
      {body}
      <div className="flex flex-col justify-center gap-2 sm:flex-row">
        <Link to={paths.profile} className={buttonVariants({ variant: 'outline' })}>
          <UserRound aria-hidden="true" />
          {t('alerts.stop.profile')}
        </Link>
        <Link to={paths.browse} className={buttonVariants({ variant: 'outline' })}>
          <Search aria-hidden="true" />
          {t('alerts.stop.browse')}
        </Link>
      </div>
    </div>
  );
}

function Outcome({ icon: Icon, title, text }: { icon: typeof CheckCircle2; title: string; text?: string }) {
  return (
    <div className="grid gap-3" role="status">
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {text ? <p className="text-muted-foreground">{text}</p> : null}
    </div>
  );
}
