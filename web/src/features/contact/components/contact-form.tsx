import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, LoaderCircle, RotateCcw, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ContactSchema, type ContactInput } from '@nomadswap/contracts/moderation';
import { CONTACT_CATEGORY_VALUES } from '@nomadswap/contracts/enums';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../i18n/message-text';
import { useSendContactMessage } from '../api/send-contact-message';
import { NativeSelect } from '../../../components/ui/native-select';

interface ContactFormValues {
  name: string;
  email: string;
  subject: string;
  category: string;
  message: string;
}

const FIELDS: readonly string[] = ['name', 'email', 'subject', 'category', 'message'];

/**
 * The contact form (spec sections 2 and 5) and its success view; 'Send Another Message' brings back the
 * form, reset. `name` and `email` start from the signed-in user when there is one.
 */
export function ContactForm({
  initial,
  category,
}: {
  initial: { name: string; email: string };
  /** A category chosen beforehand (a known one only), e.g. 'appeal' from a sanction banner. */
  category?: string;
}) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const send = useSendContactMessage();
  const preset =
    category && (CONTACT_CATEGORY_VALUES as readonly string[]).includes(category) ? category : '';
  const empty: ContactFormValues = { ...initial, subject: '', category: preset, message: '' };
  const form = useForm<ContactFormValues, unknown, ContactInput>({
    resolver: zodResolver(ContactSchema) as never,
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: ContactInput) => {
    try {
      await send.mutateAsync(values);
    } catch (error) {
      if (isApiError(error)) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (FIELDS.includes(field)) {
            form.setError(field as FieldPath<ContactFormValues>, { type: 'server', message });
          }
        }
      }
      toast({
        title: t('common.error'),
        description: errorText(t, error, t('contact.failed')),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: t('contact.sentToast'), variant: 'success' });
    setSent(true);
  };

  if (sent) {
    return (
      <SentCard
        onAnother={() => {
          form.reset(empty);
          setSent(false);
        }}
      />
    );
  }
  return (
    <form noValidate className="grid gap-5" onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label={t('contact.fields.name')} error={errors.name?.message}>
          {(control) => <Input {...form.register('name')} {...control} autoComplete="name" />}
        </FormField>
        <FormField id="contact-email" label={t('contact.fields.email')} error={errors.email?.message}>
          {(control) => <Input {...form.register('email')} {...control} type="email" autoComplete="email" />}
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-subject" label={t('contact.fields.subject')} error={errors.subject?.message}>
          {(control) => <Input {...form.register('subject')} {...control} />}
        </FormField>
        <FormField
          id="contact-category"
          label={t('contact.fields.category')}
          error={errors.category?.message}
        >
          {(control) => (
            <NativeSelect {...form.register('category')} {...control}>
              <option value="" disabled>
                {t('contact.fields.categoryPlaceholder')}
              </option>
              {CONTACT_CATEGORY_VALUES.map((value) => (
                <option key={value} value={value}>
                  {t(`contact.categories.${value}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <FormField id="contact-message" label={t('contact.fields.message')} error={errors.message?.message}>
        {(control) => (
          <Textarea
            {...form.register('message')}
            {...control}
            rows={6}
            placeholder={t('contact.fields.messagePlaceholder')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-end">
        {isSubmitting ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Send aria-hidden="true" />
        )}
        {isSubmitting ? t('contact.sending') : t('contact.send')}
      </Button>
    </form>
  );
}

/**
 * The success view, scrolled into view: it replaces a long form, so on a phone the page would otherwise stay
 * scrolled past it, showing the footer.
 */
function SentCard({ onAnother }: { onAnother: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <div ref={ref} className="grid justify-items-center gap-4 py-6 text-center" role="status">
      <span className="flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700">
        <CheckCircle2 aria-hidden="true" className="size-7" />
      </span>
      <h2 className="text-xl font-semibold">{t('contact.sentTitle')}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{t('contact.sentBody')}</p>
      <Button variant="outline" onClick={onAnother}>
        <RotateCcw aria-hidden="true" />
        {t('contact.sendAnother')}
      </Button>
    </div>
  );
}
