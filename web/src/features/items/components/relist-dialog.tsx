import { useState } from 'react';
import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MSG } from '@nomadswap/contracts/messages';
import type { Item } from '@nomadswap/contracts/responses';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../hooks/use-toast';
import { errorText } from '../../../i18n/message-text';
import { useRelistItem } from '../api/relist-item';
import { lastDayOf, tomorrowOf } from '../utils/deadline';

/**
 * Relist (an expired item) or Extend (a listed item with a deadline): a small dialog asking for the new date,
 * which the server reads as 23:59 that day in the item's city.
 */
export function RelistButton({ item }: { item: Item }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const expired = item.expiredAt !== null;
  return (
    <>
      <Button
        size="sm"
        variant={expired ? 'default' : 'outline'}
        onClick={() => setOpen(true)}
        aria-label={t(expired ? 'deadlines.relistNamed' : 'deadlines.extendNamed', { title: item.title })}
      >
        <CalendarClock aria-hidden="true" />
        {t(expired ? 'deadlines.relist' : 'deadlines.extend')}
      </Button>
      {open ? <RelistDialog item={item} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

export function RelistDialog({
  item,
  onClose,
  now = new Date(),
}: {
  item: Item;
  onClose: () => void;
  now?: Date;
}) {
  const { t } = useTranslation();
  const relist = useRelistItem();
  const expired = item.expiredAt !== null;
  const [date, setDate] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const min = tomorrowOf(now);
  const max = lastDayOf(now);

  const onSubmit = () => {
    setError(undefined);
    if (!date) {
      setFieldError(MSG.availableUntilInvalid);
      return;
    }
    if (date < min) {
      setFieldError(MSG.availableUntilPast);
      return;
    }
    if (date > max) {
      setFieldError(MSG.availableUntilTooFar);
      return;
    }
    setFieldError(undefined);
    relist.mutateAsync({ id: item.id, availableUntil: date }).then(
      () => {
        onClose();
        toast({ title: t(expired ? 'deadlines.relisted' : 'deadlines.extended'), variant: 'success' });
      },
      (failure: unknown) => setError(errorText(t, failure, t('itemCard.tryAgain'))),
    );
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t(expired ? 'deadlines.relistTitle' : 'deadlines.extendTitle')}
      description={t(expired ? 'deadlines.relistDescription' : 'deadlines.extendDescription', {
        title: item.title,
      })}
      onSubmit={onSubmit}
      submitLabel={t(expired ? 'deadlines.relistConfirm' : 'deadlines.extendConfirm')}
      pendingLabel={t('deadlines.saving')}
      pending={relist.isPending}
      error={error}
    >
      <FormField id={`relist-${item.id}`} label={t('deadlines.availableUntil')} error={fieldError}>
        {(control) => (
          <Input
            {...control}
            type="date"
            min={min}
            max={max}
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
