import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ReviewCreateSchema } from '@nomadswap/contracts/moderation';
import { LIMITS } from '@nomadswap/contracts/enums';
import { MSG } from '@nomadswap/contracts/messages';
import { FieldError } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { errorText, messageText } from '../../../i18n/message-text';
import { useCreateReview } from '../api/create-review';
import { StarPicker } from './star-picker';

const FormSchema = ReviewCreateSchema.pick({ rating: true, comment: true });
type FormOutput = z.infer<typeof FormSchema>;
interface FormValues {
  rating: number | undefined;
  comment: string;
}

/** The detail line the spec pairs with each title ('Rating required' / 'Please select…'). */
const DETAIL: Record<string, string> = {
  [MSG.ratingRequired]: MSG.ratingRequiredDetail,
  [MSG.commentRequired]: MSG.commentRequiredDetail,
};

interface ReviewFormProps {
  revieweeId: string;
  /** The exchange being reviewed, when the page was opened from a pending review. */
  exchangeId?: string;
  onSubmitted: () => void | Promise<void>;
}

/**
 * Star rating and comment (spec sections 2 and 5), validated with the schema the moderation service uses.
 * A missing rating or comment shows the spec's title as a toast and its explanation under the field.
 */
export function ReviewForm({ revieweeId, exchangeId, onSubmitted }: ReviewFormProps) {
  const { t } = useTranslation();
  const createReview = useCreateReview();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(FormSchema) as never,
    defaultValues: { rating: undefined, comment: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const comment = useWatch({ control: form.control, name: 'comment' });

  const onSubmit = async (values: FormOutput) => {
    try {
      await createReview.mutateAsync({ ...values, revieweeId, ...(exchangeId ? { exchangeId } : {}) });
    } catch (error) {
      // The server's reason ('No completed exchange found with this user') is the toast's second line.
      const reason = errorText(t, error, '');
      toast({
        title: t('reviewForm.failed'),
        ...(reason ? { description: reason } : {}),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: t('reviewForm.submitted'), variant: 'success' });
    await onSubmitted();
  };

  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    const first = invalid.rating?.message ?? invalid.comment?.message;
    if (!first) return;
    const detail = DETAIL[first];
    toast({
      title: messageText(t, first),
      ...(detail ? { description: messageText(t, detail) } : {}),
      variant: 'destructive',
    });
  };

  const detailOf = (message: string | undefined) => (message ? (DETAIL[message] ?? message) : undefined);

  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)}
    >
      <div className="grid gap-1">
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <StarPicker
              value={field.value}
              onChange={field.onChange}
              legend={t('reviewForm.ratingLegend')}
              invalid={Boolean(errors.rating)}
              describedBy={errors.rating ? 'review-rating-error' : undefined}
            />
          )}
        />
        <FieldError id="review-rating-error" message={detailOf(errors.rating?.message)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="review-comment">{t('reviewForm.commentLabel')}</Label>
        <Textarea
          id="review-comment"
          rows={5}
          maxLength={LIMITS.reviewCommentMax}
          placeholder={t('reviewForm.commentPlaceholder')}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={`review-comment-count${errors.comment ? ' review-comment-error' : ''}`}
          {...form.register('comment')}
        />
        <p id="review-comment-count" className="text-right text-xs text-muted-foreground">
          {t('reviewForm.counter', { count: comment.length, max: LIMITS.reviewCommentMax })}
        </p>
        <FieldError id="review-comment-error" message={detailOf(errors.comment?.message)} />
      </div>
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-end">
        {isSubmitting ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Send aria-hidden="true" />
        )}
        {isSubmitting ? t('reviewForm.submitting') : t('reviewForm.submit')}
      </Button>
    </form>
  );
}
