import type { ReactNode } from 'react';
import { Controller, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ItemCreateSchema, ItemUpdateSchema, type ItemUpdateInput } from '@nomadswap/contracts/items';
import { CATEGORIES, CONDITION_VALUES } from '@nomadswap/contracts/enums';
import type { ItemImage } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { FormField } from '../../../components/form-field';
import { FormLocationField, fieldOfServerError } from '../../../components/form-location-field';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api-client';
import { errorText, messageText } from '../../../i18n/message-text';
import { toast } from '../../../hooks/use-toast';
import { cn } from '../../../lib/utils';
import { PhotoPicker } from './photo-picker';
import { lastDayOf, tomorrowOf } from '../utils/deadline';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';

/** What the form holds: the selects start empty, so "pick one" is a validation message, not a default. */
export interface ItemFormValues {
  title: string;
  description: string;
  category: string;
  condition: string;
  location: string;
  /** The city picked for `location` (issue 22); undefined for free text, which the server matches. */
  placeId?: string;
  preferredExchange: string;
  /** A day ('2026-12-20') or '' for no deadline (issue 22). */
  availableUntil: string;
  images: string[];
}

const FORM_FIELDS: readonly string[] = [
  'title',
  'description',
  'category',
  'condition',
  'location',
  'preferredExchange',
  'availableUntil',
  'images',
];

const selectClass = cn(
  'flex h-10 w-full rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs md:text-sm',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1',
  'aria-invalid:border-destructive',
);

interface ItemFormProps {
  mode: 'create' | 'edit';
  defaultValues: ItemFormValues;
  /** Stored photo states by URL (edit), so a photo still processing shows as such. */
  photoStates?: Record<string, ItemImage['state']>;
  submitLabel: string;
  submittingLabel: string;
  /** Toast title when the call fails ('Failed to list item' / 'Failed to update item'). */
  failedTitle: string;
  onSubmit: (values: ItemUpdateInput) => Promise<unknown>;
  /** Extra actions next to Save/Cancel (Delete on edit). */
  extraActions?: ReactNode;
  /** Said before the date's hint: the date prefilled from the owner's stay ("Your stay ends 18 Dec", issue 22). */
  availableUntilNote?: string;
}

/**
 * The listing form of /add-item and /edit-item (spec sections 2 and 5), validated with the shared schema the
 * items service uses, so both show the same messages. API field errors land on their fields.
 */
export function ItemForm({
  mode,
  defaultValues,
  photoStates,
  submitLabel,
  submittingLabel,
  failedTitle,
  onSubmit,
  extraActions,
  availableUntilNote,
}: ItemFormProps) {
  const { t } = useTranslation();
  const schema = mode === 'create' ? ItemCreateSchema : ItemUpdateSchema;
  const validate = zodResolver(schema) as unknown as Resolver<ItemFormValues, unknown, ItemUpdateInput>;
  const form = useForm<ItemFormValues, unknown, ItemUpdateInput>({
    // The selects hold '' until chosen, which the schema refuses with its message: the input types differ
    // from the schema's only by that. An empty date is no deadline.
    resolver: (values, context, options) =>
      validate(
        { ...values, availableUntil: values.availableUntil || undefined } as ItemFormValues,
        context,
        options,
      ),
    // Focus goes to the first invalid field on screen (useFocusFirstInvalid), not in registration order.
    shouldFocusError: false,
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const formRef = useFocusFirstInvalid(form.formState.submitCount);

  const submit = form.handleSubmit(async (values) => {
    // The date is sent only when it changed (an edit that leaves it alone keeps the stored instant); cleared: null.
    // A new item sends any date it shows (one prefilled from the stay is 23:59 in the item's city, as it reads).
    const picked = form.getValues('availableUntil');
    const availableUntil =
      mode === 'create' && picked
        ? picked
        : picked === defaultValues.availableUntil
          ? undefined
          : picked || null;
    try {
      await onSubmit({ ...values, availableUntil });
    } catch (error) {
      if (isApiError(error)) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          const name = fieldOfServerError(field.split('.')[0] ?? field);
          if (FORM_FIELDS.includes(name)) {
            form.setError(name as FieldPath<ItemFormValues>, { type: 'server', message });
          }
        }
      }
      toast({
        title: failedTitle,
        description: errorText(t, error, t('itemCard.tryAgain')),
        variant: 'destructive',
      });
    }
  });

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
      <FormField id="item-title" label={t('itemForm.title')} error={errors.title?.message}>
        {(control) => (
          <Input {...form.register('title')} {...control} placeholder={t('itemForm.titlePlaceholder')} />
        )}
      </FormField>
      <FormField id="item-description" label={t('itemForm.description')} error={errors.description?.message}>
        {(control) => (
          <Textarea
            {...form.register('description')}
            {...control}
            rows={4}
            placeholder={t('itemForm.descriptionPlaceholder')}
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="item-category" label={t('itemForm.category')} error={errors.category?.message}>
          {(control) => (
            <select {...form.register('category')} {...control} className={selectClass}>
              <option value="" disabled>
                {t('itemForm.selectCategory')}
              </option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`categoryNames.${category}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="item-condition" label={t('itemForm.condition')} error={errors.condition?.message}>
          {(control) => (
            <select {...form.register('condition')} {...control} className={selectClass}>
              <option value="" disabled>
                {t('itemForm.selectCondition')}
              </option>
              {CONDITION_VALUES.map((condition) => (
                <option key={condition} value={condition}>
                  {t(`conditionNames.${condition}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormLocationField control={form.control} id="item-location" label={t('itemForm.location')} />
      <FormField
        id="item-exchange"
        label={t('itemForm.preferredExchange')}
        error={errors.preferredExchange?.message}
        hint={t('itemForm.preferredExchangeHint')}
      >
        {(control) => (
          <Input
            {...form.register('preferredExchange')}
            {...control}
            placeholder={t('itemForm.preferredExchangePlaceholder')}
          />
        )}
      </FormField>
      <FormField
        id="item-available-until"
        label={t('deadlines.availableUntil')}
        error={errors.availableUntil?.message}
        hint={
          availableUntilNote
            ? `${availableUntilNote}. ${t('deadlines.availableUntilHint')}`
            : t('deadlines.availableUntilHint')
        }
      >
        {(control) => (
          <Input
            {...form.register('availableUntil')}
            {...control}
            type="date"
            min={tomorrowOf(new Date())}
            max={lastDayOf(new Date())}
            className="sm:max-w-56"
          />
        )}
      </FormField>
      <Controller
        control={form.control}
        name="images"
        render={({ field }) => (
          <PhotoPicker
            value={field.value}
            onChange={field.onChange}
            states={photoStates}
            error={errors.images?.message ? messageText(t, errors.images.message) : undefined}
          />
        )}
      />
      <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:items-center">
        {extraActions}
        <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
          <Link to={paths.browse} className={buttonVariants({ variant: 'outline' })}>
            {t('common.cancel')}
          </Link>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {isSubmitting ? submittingLabel : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
