import { useId, useState, type FormEvent } from 'react';
import { Pencil, Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StayInput } from '@nomadswap/contracts/stays';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { FormField } from '../../../components/form-field';
import { LocationField } from '../../../components/location-field';
import { StayFacts } from '../../../components/stay-facts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../i18n/message-text';
import { toast } from '../../../hooks/use-toast';
import { loadPart } from '../../../lib/load-part';
import { useUpdateProfile } from '../api/update-profile';

interface StayFormValues {
  location: string;
  placeId?: string;
  until: string;
  next: { location: string; placeId?: string; from: string } | null;
}

/** Today on the viewer's calendar, the earliest a date input offers (the server checks in the city's zone). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function initialValues(user: UserSelf): StayFormValues {
  const { stay } = user;
  if (!stay) return { location: user.location, placeId: user.placeId ?? undefined, until: '', next: null };
  return {
    location: stay.location,
    placeId: stay.placeId ?? undefined,
    until: stay.untilDate,
    next: stay.next
      ? { location: stay.next.location, placeId: stay.next.placeId ?? undefined, from: stay.next.fromDate }
      : null,
  };
}

/** A server field (`stay.next.placeId`) as the form's (`next.location`): an unknown city shows on its field. */
function formField(serverField: string): string {
  return serverField.replace(/^stay\./, '').replace(/placeId$/, 'location');
}

/**
 * "Your stay" on /profile (issue 22): where the user is and their last day there, optionally the next city and
 * its first day; saved with the profile (PUT /api/users/:id `stay`), cleared with one button. The shared schema
 * checks the shape; the server checks the dates in each city's time zone.
 */
export function StayCard({ user }: { user: UserSelf }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<StayFormValues>(() => initialValues(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateProfile();
  const { stay } = user;

  const save = async (next: StayInput | null) => {
    try {
      await update.mutateAsync({
        userId: user.id,
        data: {
          fullName: user.fullName,
          location: user.location,
          placeId: user.placeId ?? undefined,
          stay: next,
        },
      });
    } catch (error) {
      if (isApiError(error)) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([f, m]) => [formField(f), m])));
      }
      toast({
        title: t('stays.failed'),
        description: errorText(t, error, t('profile.edit.failedDescription')),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: next ? t('stays.saved') : t('stays.cleared'), variant: 'success' });
    setErrors({});
    setEditing(false);
    if (!next) setValues(initialValues({ ...user, stay: null }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema (and zod) load on the first save, not with /profile's first screen (issue 25).
    const schemas = await loadPart(() => import('@nomadswap/contracts/stays'), t('stays.failed'), t);
    if (!schemas) return;
    const { StayInputSchema } = schemas;
    const parsed = StayInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    await save(parsed.data);
  };

  const setNext = (patch: Partial<NonNullable<StayFormValues['next']>>) =>
    setValues((v) => ({ ...v, next: { location: '', from: '', ...v.next, ...patch } }));

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold leading-tight tracking-tight">{t('stays.title')}</h2>
        {!editing ? (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            {stay ? <Pencil aria-hidden="true" /> : <Plus aria-hidden="true" />}
            {stay ? t('stays.edit') : t('stays.add')}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <TransitToggle user={user} />
        {!editing ? (
          stay ? (
            <dl className="grid gap-1.5 text-sm">
              <StayFacts stay={stay} />
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">{t('stays.none')}</p>
          )
        ) : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
            <p className="text-sm text-muted-foreground">{t('stays.description')}</p>
            <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
              <LocationField
                id="stay-location"
                label={t('stays.city')}
                error={errors.location}
                value={values.location}
                onChange={({ text, place }) =>
                  setValues((v) => ({ ...v, location: text, placeId: place?.id }))
                }
              />
              <FormField id="stay-until" label={t('stays.until')} error={errors.until}>
                {(control) => (
                  <Input
                    {...control}
                    type="date"
                    min={today()}
                    value={values.until}
                    onChange={(event) => setValues((v) => ({ ...v, until: event.target.value }))}
                    className="sm:w-44"
                  />
                )}
              </FormField>
            </div>
            {values.next ? (
              <div className="grid gap-4 rounded-lg border p-3 sm:grid-cols-[1fr_auto]">
                <LocationField
                  id="stay-next-location"
                  label={t('stays.nextCity')}
                  detectable={false}
                  error={errors['next.location']}
                  value={values.next.location}
                  onChange={({ text, place }) => setNext({ location: text, placeId: place?.id })}
                />
                <FormField id="stay-next-from" label={t('stays.nextFromLabel')} error={errors['next.from']}>
                  {(control) => (
                    <Input
                      {...control}
                      type="date"
                      min={values.until || today()}
                      value={values.next?.from ?? ''}
                      onChange={(event) => setNext({ from: event.target.value })}
                      className="sm:w-44"
                    />
                  )}
                </FormField>
                <Button
                  variant="ghost"
                  size="sm"
                  className="w-fit"
                  onClick={() => setValues((v) => ({ ...v, next: null }))}
                >
                  <X aria-hidden="true" />
                  {t('stays.removeNext')}
                </Button>
              </div>
            ) : (
              <Button variant="outline" size="sm" className="w-fit" onClick={() => setNext({})}>
                <Plus aria-hidden="true" />
                {t('stays.addNext')}
              </Button>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {stay ? (
                <Button variant="ghost" onClick={() => void save(null)} disabled={update.isPending}>
                  {t('stays.clear')}
                </Button>
              ) : null}
              <Button
                variant="outline"
                onClick={() => {
                  setValues(initialValues(user));
                  setErrors({});
                  setEditing(false);
                }}
                disabled={update.isPending}
              >
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? t('stays.saving') : t('stays.save')}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * "I'm in transit" (issue 22, travelling mode): saved at once; while on, the server hides all the user's listings
 * from everyone else (their deadlines keep running) until it is turned off.
 */
function TransitToggle({ user }: { user: UserSelf }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateProfile();
  const onChange = (inTransit: boolean) =>
    update.mutate(
      {
        userId: user.id,
        data: {
          fullName: user.fullName,
          location: user.location,
          placeId: user.placeId ?? undefined,
          inTransit,
        },
      },
      {
        onSuccess: () =>
          toast({ title: inTransit ? t('stays.transitOn') : t('stays.transitOff'), variant: 'success' }),
        onError: (error) =>
          toast({
            title: t('stays.failed'),
            description: errorText(t, error, t('profile.edit.failedDescription')),
            variant: 'destructive',
          }),
      },
    );
  return (
    <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3">
      <Checkbox
        id={id}
        checked={user.inTransit}
        disabled={update.isPending}
        aria-describedby={`${id}-hint`}
        onCheckedChange={(checked) => onChange(checked === true)}
        className="mt-0.5"
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {t('stays.transit')}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {user.inTransit ? t('stays.transitOnHint') : t('stays.transitHint')}
        </p>
      </div>
    </div>
  );
}
