import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ReportCreateSchema, type ReportCreateInput } from '@nomadswap/contracts/moderation';
import { REPORT_TYPES, REPORT_URGENCIES } from '@nomadswap/contracts/enums';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { isApiError } from '../../../lib/api-client';
import { useCreateReport } from '../api/create-report';
import { NativeSelect } from '../../../components/ui/native-select';

export interface ReportFormValues {
  type: string;
  urgency: string;
  subject: string;
  description: string;
  relatedUser: string;
  relatedItem: string;
  contactEmail: string;
}

const FIELDS: readonly string[] = [
  'type',
  'urgency',
  'subject',
  'description',
  'relatedUser',
  'relatedItem',
  'contactEmail',
];

interface ReportFormProps {
  defaultValues: ReportFormValues;
  /** Who is reported, when the form was opened from Report User ("Reporting Lena Vogel (@lena)"). */
  reportedUserNote?: string;
  /** Which listing is reported, when the form was opened from one ("Reporting “Blue backpack”"). */
  reportedItemNote?: string;
  onSubmitted: () => void | Promise<void>;
}

/**
 * The report form of /report-issue (spec sections 2 and 5), validated with the moderation service's schema.
 * The related user and item fields appear for the `user` and `item` types.
 */
export function ReportForm({
  defaultValues,
  reportedUserNote,
  reportedItemNote,
  onSubmitted,
}: ReportFormProps) {
  const { t } = useTranslation();
  const createReport = useCreateReport();
  const form = useForm<ReportFormValues, unknown, ReportCreateInput>({
    // The selects hold '' until chosen, which the schema refuses with its message.
    resolver: zodResolver(ReportCreateSchema) as never,
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });

  const onSubmit = async (values: ReportCreateInput) => {
    // A related field of another type is not sent: it was hidden.
    const input: ReportCreateInput = {
      ...values,
      relatedUser: values.type === 'user' ? values.relatedUser : undefined,
      relatedItem: values.type === 'item' ? values.relatedItem : undefined,
    };
    try {
      await createReport.mutateAsync(input);
    } catch (error) {
      if (isApiError(error)) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (FIELDS.includes(field)) {
            form.setError(field as FieldPath<ReportFormValues>, { type: 'server', message });
          }
        }
      }
      toast({
        title: t('report.failedTitle'),
        description: t('report.failedDescription'),
        variant: 'destructive',
      });
      return;
    }
    await onSubmitted();
  };

  return (
    <form noValidate className="grid gap-5" onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="report-type" label={t('report.fields.type')} error={errors.type?.message}>
          {(control) => (
            <NativeSelect {...form.register('type')} {...control}>
              <option value="" disabled>
                {t('report.fields.typePlaceholder')}
              </option>
              {REPORT_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`report.types.${value}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="report-urgency" label={t('report.fields.urgency')} error={errors.urgency?.message}>
          {(control) => (
            <NativeSelect {...form.register('urgency')} {...control}>
              <option value="" disabled>
                {t('report.fields.urgencyPlaceholder')}
              </option>
              {REPORT_URGENCIES.map((value) => (
                <option key={value} value={value}>
                  {t(`report.urgencies.${value}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      {type === 'user' ? (
        <FormField
          id="report-related-user"
          label={t('report.fields.relatedUser')}
          hint={reportedUserNote ?? t('report.fields.relatedUserHint')}
          error={errors.relatedUser?.message}
        >
          {(control) => <Input {...form.register('relatedUser')} {...control} autoComplete="off" />}
        </FormField>
      ) : null}
      {type === 'item' ? (
        <FormField
          id="report-related-item"
          label={t('report.fields.relatedItem')}
          hint={reportedItemNote ?? t('report.fields.relatedItemHint')}
          error={errors.relatedItem?.message}
        >
          {(control) => <Input {...form.register('relatedItem')} {...control} autoComplete="off" />}
        </FormField>
      ) : null}
      <FormField id="report-subject" label={t('report.fields.subject')} error={errors.subject?.message}>
        {(control) => (
          <Input
            {...form.register('subject')}
            {...control}
            placeholder={t('report.fields.subjectPlaceholder')}
          />
        )}
      </FormField>
      <FormField
        id="report-description"
        label={t('report.fields.description')}
        error={errors.description?.message}
      >
        {(control) => (
          <Textarea
            {...form.register('description')}
            {...control}
            rows={6}
            placeholder={t('report.fields.descriptionPlaceholder')}
          />
        )}
      </FormField>
      <FormField
        id="report-contact-email"
        label={t('report.fields.contactEmail')}
        hint={t('report.fields.contactEmailHint')}
        error={errors.contactEmail?.message}
      >
        {(control) => (
          <Input {...form.register('contactEmail')} {...control} type="email" autoComplete="email" />
        )}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-end">
        {isSubmitting ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Send aria-hidden="true" />
        )}
        {isSubmitting ? t('report.submitting') : t('report.submit')}
      </Button>
    </form>
  );
}
