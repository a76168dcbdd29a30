import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXCHANGE_LIMITS } from '@nomadswap/contracts/exchange-limits';
import { MSG } from '@nomadswap/contracts/messages';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { FormField } from '../../../components/form-field';
import { FormDialog } from '../../../components/form-dialog';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { errorText } from '../../../i18n/message-text';
import { isApiError } from '../../../lib/api-client';
import { useProposeMeetup } from '../api/propose-meetup';

/** `<input type="datetime-local">` wants the local wall-clock time, without seconds or zone. */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

interface MeetupErrors {
  at?: string;
  place?: string;
  note?: string;
}

/** The form's rules as the server checks them (its clock decides in the end), answered with the shared MSG texts. */
export function validateMeetup(values: { at: string; place: string; note: string }, now: Date): MeetupErrors {
  const errors: MeetupErrors = {};
  const at = values.at ? new Date(values.at) : null;
  if (!at || Number.isNaN(at.getTime())) errors.at = MSG.meetupTimeInvalid;
  else if (at <= now) errors.at = MSG.meetupTimePast;
  else if (at.getTime() - now.getTime() > EXCHANGE_LIMITS.meetupMaxAheadMs) errors.at = MSG.meetupTimeTooFar;
  const place = values.place.trim();
  if (place.length < EXCHANGE_LIMITS.placeMin) errors.place = MSG.meetupPlaceMin;
  else if (place.length > EXCHANGE_LIMITS.placeMax) errors.place = MSG.meetupPlaceMax;
  if (values.note.trim().length > EXCHANGE_LIMITS.noteMax) errors.note = MSG.meetupNoteMax;
  return errors;
}

interface MeetupDialogProps {
  exchange: ExchangeView;
  otherName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Propose (or suggest another) meetup: a future date and time and a public place, with an optional note. The
 * other party accepts it in the chat.
 */
export function MeetupDialog({ exchange, otherName, open, onOpenChange }: MeetupDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const propose = useProposeMeetup();
  const current = exchange.meetup;
  const [values, setValues] = useState(() => ({
    at: current ? toLocalInputValue(new Date(current.at)) : '',
    place: current?.place ?? '',
    note: current?.note ?? '',
  }));
  const [errors, setErrors] = useState<MeetupErrors>({});
  const [failure, setFailure] = useState<string>();

  const onSubmit = () => {
    const found = validateMeetup(values, new Date());
    setFailure(undefined);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const note = values.note.trim();
    propose.mutate(
      {
        id: exchange.id,
        at: new Date(values.at).toISOString(),
        place: values.place.trim(),
        ...(note ? { note } : {}),
      },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({
            title: t('exchanges.meetup.sent'),
            description: t('exchanges.meetup.sentDescription', { name: otherName }),
            variant: 'success',
          });
        },
        // The dialog stays open (the toasts are behind it): the reason shows in it, by field when it has one.
        onError: (error) => {
          const fields = isApiError(error) ? error.fieldErrors : {};
          if (Object.keys(fields).length > 0) setErrors(fields);
          else setFailure(errorText(t, error, t('exchanges.meetup.failed')));
        },
      },
    );
  };

  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={current ? t('exchanges.meetup.changeTitle') : t('exchanges.meetup.title')}
      description={t('exchanges.meetup.description')}
      onSubmit={onSubmit}
      submitLabel={t('exchanges.meetup.send')}
      pendingLabel={t('exchanges.meetup.sending')}
      pending={propose.isPending}
      error={failure}
    >
      <FormField id={`${id}-at`} label={t('exchanges.meetup.when')} error={errors.at}>
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            min={toLocalInputValue(new Date())}
            value={values.at}
            onChange={(e) => set('at')(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-place`}
        label={t('exchanges.meetup.place')}
        hint={t('exchanges.meetup.placeHint')}
        error={errors.place}
      >
        {(control) => (
          <Input
            {...control}
            maxLength={EXCHANGE_LIMITS.placeMax}
            placeholder={t('exchanges.meetup.placePlaceholder')}
            value={values.place}
            onChange={(e) => set('place')(e.target.value)}
          />
        )}
      </FormField>
      <FormField id={`${id}-note`} label={t('exchanges.meetup.note')} error={errors.note}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={EXCHANGE_LIMITS.noteMax}
            placeholder={t('exchanges.meetup.notePlaceholder')}
            value={values.note}
            onChange={(e) => set('note')(e.target.value)}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
