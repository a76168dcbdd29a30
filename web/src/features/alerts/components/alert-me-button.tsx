import { BellPlus, BellRing, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@nomadswap/contracts/enums';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { errorText } from '../../../i18n/message-text';
import { useCreateAlert } from '../api/create-alert';
import { useAlerts } from '../api/get-alerts';

interface AlertMeButtonProps {
  /** The city as shown ('Lisbon, Portugal'), or the text typed when no place was picked (the server matches it). */
  location: string;
  placeId?: string;
  category?: Category | null;
  /** The button's text ('Alert me about new items in Lisbon'). */
  label: string;
  className?: string;
}

/**
 * One tap saves a city alert (issue 22): new listings there (in `category`, when given) are announced at most
 * once a day. Once saved — or when the user already has that alert — it says so instead of offering it again.
 */
export function AlertMeButton({ location, placeId, category = null, label, className }: AlertMeButtonProps) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const create = useCreateAlert();
  const saved = placeId
    ? alerts.data?.some((alert) => alert.placeId === placeId && alert.category === category)
    : create.isSuccess && create.variables?.location === location;

  if (saved) {
    return (
      <p
        role="status"
        className={`flex items-center gap-1.5 text-sm font-medium text-primary ${className ?? ''}`}
      >
        <BellRing className="size-4 shrink-0" aria-hidden="true" />
        {t('alerts.on')}
      </p>
    );
  }
  const save = () =>
    create.mutate(
      { location, ...(placeId ? { placeId } : {}), category },
      {
        onSuccess: (alert) =>
          toast({
            title: t('alerts.saved'),
            description: t('alerts.savedDescription', { city: alert.location }),
            variant: 'success',
          }),
        onError: (error) =>
          toast({
            title: t('alerts.saveFailed'),
            description: errorText(t, error, t('alerts.saveFailed')),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Button variant="outline" size="sm" className={className} onClick={save} disabled={create.isPending}>
      {create.isPending ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <BellPlus aria-hidden="true" />
      )}
      {label}
    </Button>
  );
}
