import { useState, type FormEvent } from 'react';
import { Bell, BellOff, BellPlus, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@nomadswap/contracts/alerts';
import { CATEGORIES, type Category } from '@nomadswap/contracts/enums';
import { CityPicker, type CityChoice } from '../../../components/city-picker';
import { DeleteButton } from '../../../components/delete-button';
import { FormField } from '../../../components/form-field';
import { EmptyState, QuerySection, SectionLoading } from '../../../components/section-states';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../hooks/use-toast';
import { loadPart } from '../../../lib/load-part';
import { errorText, messageText } from '../../../i18n/message-text';
import { useCreateAlert } from '../api/create-alert';
import { useDeleteAlert } from '../api/delete-alert';
import { useAlerts } from '../api/get-alerts';

/**
 * The profile's "Alerts" section (issue 22): the user's city alerts with Delete (asked first), and a form to add
 * one — a city from the same picker as every location field, and optionally a category.
 */
export default function AlertsCard() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  return (
    <section aria-labelledby="alerts-title" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="grid gap-1">
        <div className="flex items-center gap-2">
          <Bell className="size-5 text-primary" aria-hidden="true" />
          <h2 id="alerts-title" className="text-lg font-semibold">
            {t('alerts.title')}
          </h2>
        </div>
        <p className="text-sm text-muted-foreground">{t('alerts.description')}</p>
      </div>
      <QuerySection
        query={alerts}
        loading={<SectionLoading blocks={['h-14', 'h-14']} />}
        errorTitle={t('alerts.loadFailed')}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={BellOff}
            title={t('alerts.emptyTitle')}
            description={t('alerts.emptyDescription')}
          />
        }
      >
        {(list) => (
          <ul className="grid gap-2" aria-label={t('alerts.listLabel')}>
            {list.map((alert) => (
              <AlertRow key={alert.id} alert={alert} />
            ))}
          </ul>
        )}
      </QuerySection>
      <AddAlertForm />
    </section>
  );
}

function AlertRow({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const remove = useDeleteAlert();
  const category = alert.category ? t(`categoryNames.${alert.category}`) : t('alerts.anyCategory');
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border px-3 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium">{alert.location}</p>
        <p className="text-sm text-muted-foreground">{category}</p>
      </div>
      <DeleteButton
        label={t('alerts.deleteNamed', { city: alert.location, category })}
        title={t('alerts.deleteTitle')}
        description={t('alerts.deleteDescription', { city: alert.location, category })}
        confirmLabel={t('alerts.deleteConfirm')}
        failedText={t('alerts.deleteFailed')}
        pending={remove.isPending}
        onConfirm={({ settled, failed }) => remove.mutate(alert.id, { onSettled: settled, onError: failed })}
      />
    </li>
  );
}

function AddAlertForm() {
  const { t } = useTranslation();
  const create = useCreateAlert();
  const [city, setCity] = useState<CityChoice>({ text: '', place: null });
  const [category, setCategory] = useState<Category | ''>('');
  // The contract's own check first (required, at most 120 characters): nothing the server would refuse is sent.
  const [invalid, setInvalid] = useState<string>();
  const serverError = create.error ? errorText(t, create.error, t('alerts.saveFailed')) : undefined;
  const error = invalid ? messageText(t, invalid) : serverError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema (and zod) load on the first send, not with the profile (issue 25).
    const schemas = await loadPart(() => import('@nomadswap/contracts/alerts'), t('alerts.saveFailed'), t);
    if (!schemas) return;
    const parsed = schemas.AlertCreateSchema.safeParse({
      location: city.text,
      ...(city.place ? { placeId: city.place.id } : {}),
      category: category || null,
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (alert) => {
        toast({
          title: t('alerts.saved'),
          description: t('alerts.savedDescription', { city: alert.location }),
          variant: 'success',
        });
        setCity({ text: '', place: null });
        setCategory('');
      },
    });
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 border-t pt-4 sm:grid-cols-[1fr_14rem_auto] sm:items-start"
      noValidate
    >
      <FormField id="alert-city" label={t('alerts.city')} error={error}>
        {(control) => (
          <CityPicker
            {...control}
            value={city.text}
            onChange={(choice) => {
              setCity(choice);
              setInvalid(undefined);
              create.reset();
            }}
            placeholder={t('alerts.cityPlaceholder')}
            autoComplete="off"
            cityOnly
          />
        )}
      </FormField>
      <div className="grid content-start gap-2">
        <Label htmlFor="alert-category">{t('alerts.category')}</Label>
        <NativeSelect
          id="alert-category"
          value={category}
          onChange={(event) => setCategory(event.target.value as Category | '')}
        >
          <option value="">{t('alerts.anyCategory')}</option>
          {CATEGORIES.map((name) => (
            <option key={name} value={name}>
              {t(`categoryNames.${name}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" className="sm:mt-[1.375rem]" disabled={create.isPending}>
        {create.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <BellPlus aria-hidden="true" />
        )}
        {t('alerts.add')}
      </Button>
    </form>
  );
}
