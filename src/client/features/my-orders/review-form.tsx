// The review form (decision 234): 1–5 stars, a title and a text, checked by the same schema the server parses with.
// Loaded only when a buyer opens it (React.lazy on the review page), so zod and the schema stay out of other pages.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fill, plural } from '#shared/messages';
import { reviewMessages } from '#shared/messages/reviews';
import { REVIEW_LIMITS } from '#shared/reviews';
import { ReviewFields } from '#shared/schemas/reviews';
import { Field } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { useForm } from '#client/lib/forms/use-form';
import { trpc } from '#client/lib/trpc';

const m = reviewMessages.form;

interface ReviewFormProps {
  orderId: number;
  productId: number;
  productName: string;
  token?: string;
  onDone: () => void;
  onCancel: () => void;
}

export default function ReviewForm({ orderId, productId, productName, token, onDone, onCancel }: ReviewFormProps) {
  const client = useQueryClient();
  const write = useMutation(trpc.reviews.write.mutationOptions());
  const form = useForm({
    initialValues: { rating: '', title: '', body: '' },
    schema: ReviewFields,
    toInput: (v) => ({ ...v, rating: Number(v.rating) }),
    errorFallback: m.failed,
    onSubmit: async (data) => {
      await write.mutateAsync({ ...data, orderId, productId, token });
      await client.invalidateQueries({ queryKey: trpc.reviews.forOrder.queryKey() });
      onDone();
    },
    onError: (e, f) => f.setFormError(e.message),
  });
  const id = `review-${productId}`;
  return (
    <form className="review-form" {...form.formProps} aria-label={productName} data-testid="review-form">
      <fieldset className="review-form__stars" aria-invalid={form.field('rating').error ? true : undefined}>
        <legend className="field__label">{m.rating}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="review-form__star">
            <input
              type="radio"
              name={`${id}-rating`}
              value={n}
              checked={form.values.rating === String(n)}
              onChange={() => form.set('rating', String(n))}
            />
            <span aria-hidden="true">{'★'.repeat(n)}</span>
            <span className="visually-hidden">{plural(m.star, n)}</span>
          </label>
        ))}
        {form.field('rating').error && (
          <p className="field__error" role="alert">
            {form.field('rating').error}
          </p>
        )}
      </fieldset>
      <Field label={m.title} {...form.field('title', `${id}-title`)}>
        {(control) => <input {...control} {...form.input('title')} maxLength={REVIEW_LIMITS.titleMax} />}
      </Field>
      <Field
        label={m.body}
        hint={fill(m.bodyHint, { min: REVIEW_LIMITS.bodyMin, max: REVIEW_LIMITS.bodyMax })}
        {...form.field('body', `${id}-body`)}
      >
        {(control) => <textarea {...control} {...form.input('body')} rows={5} maxLength={REVIEW_LIMITS.bodyMax} />}
      </Field>
      {form.formError && (
        <p className="field__error" role="alert">
          {form.formError}
        </p>
      )}
      <div className="review-form__actions">
        <SubmitButton form={form} label={m.submit} pendingLabel={m.sending} />
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {m.cancel}
        </button>
      </div>
    </form>
  );
}
