import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SANCTION_LIMITS,
  SanctionCreateSchema,
  type Sanction,
  type SanctionType,
} from '@nomadswap/contracts/sanctions';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { errorText, messageText } from '../../../i18n/message-text';
import { useCreateSanction } from '../api/create-sanction';

export interface SanctionTarget {
  id: string;
  /** How the dialog names them ("Tomás Costa"). */
  name: string;
}

/**
 * The admin's warn / restrict / suspend form (issue 26): the type, days or "for good", and the reason the user
 * will read, checked by the shared schema; the dialog is the confirmation (it says what will happen to whom).
 * From a report, `reportId` links the sanction to it (the report is resolved and records it).
 */
export function SanctionFormDialog({
  open,
  onClose,
  target,
  initialType,
  reportId,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  target: SanctionTarget;
  initialType: SanctionType;
  reportId?: string;
  onDone?: (sanction: Sanction) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateSanction();
  const [type, setType] = useState<SanctionType>(initialType);
  const [days, setDays] = useState('7');
  const [forGood, setForGood] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const lasting = type !== 'warn';

  const submit = () => {
    const input = {
      type,
      reason,
      ...(lasting && !forGood ? { days: /^\d+$/.test(days.trim()) ? Number(days) : Number.NaN } : {}),
      ...(reportId ? { reportId } : {}),
    };
    const parsed = SanctionCreateSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(
      { userId: target.id, ...parsed.data },
      {
        onSuccess: (sanction) => {
          // The toast starts the sentence: "The reported user is suspended".
          const name = target.name.charAt(0).toUpperCase() + target.name.slice(1);
          toast({ title: t(`sanctions.done.${sanction.type}`, { name }), variant: 'success' });
          onDone?.(sanction);
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t(`sanctions.dialogTitle.${type}`, { name: target.name })}
      description={t(`sanctions.dialogDescription.${type}`)}
      onSubmit={submit}
      submitLabel={t(`sanctions.submit.${type}`)}
      pendingLabel={t('sanctions.sending')}
      pending={create.isPending}
      destructive={type === 'suspend'}
      error={create.isError ? errorText(t, create.error, t('sanctions.failed')) : undefined}
    >
      <FormField id="sanction-type" label={t('sanctions.fields.type')}>
        {(control) => (
          <NativeSelect
            {...control}
            value={type}
            onChange={(event) => setType(event.target.value as SanctionType)}
          >
            {(['warn', 'restrict', 'suspend'] as const).map((value) => (
              <option key={value} value={value}>
                {t(`sanctions.types.${value}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {lasting ? (
        <div className="grid gap-2">
          <FormField
            id="sanction-days"
            label={t('sanctions.fields.days')}
            hint={t('sanctions.fields.daysHint', {
              min: SANCTION_LIMITS.daysMin,
              max: SANCTION_LIMITS.daysMax,
            })}
            error={errors.days ? messageText(t, errors.days) : undefined}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                disabled={forGood}
                value={forGood ? '' : days}
                onChange={(event) => setDays(event.target.value)}
              />
            )}
          </FormField>
          <div className="flex items-center gap-2">
            <Checkbox
              id="sanction-for-good"
              checked={forGood}
              onCheckedChange={(checked) => setForGood(checked === true)}
            />
            <Label htmlFor="sanction-for-good">{t('sanctions.fields.forGood')}</Label>
          </div>
        </div>
      ) : null}
      <FormField
        id="sanction-reason"
        label={t('sanctions.fields.reason')}
        hint={t('sanctions.fields.reasonHint')}
        error={errors.reason ? messageText(t, errors.reason) : undefined}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={SANCTION_LIMITS.reasonMax + 1}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
