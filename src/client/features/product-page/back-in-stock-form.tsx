// The back-in-stock form (decisions 233, 239), its own lazily loaded chunk: one e-mail field (the signed-in shopper's
// address filled in), checked with the shared schema here and on the server. The server answers the same whatever
// the address's state, so the thanks (replacing the form, announced) say what holds either way: a new address gets a
// confirmation e-mail, and only confirmed addresses are told of the restock.
import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fill } from '#shared/messages';
import { backInStockMessages } from '#shared/messages/back-in-stock';
import { BackInStockRequestInput } from '#shared/schemas/back-in-stock';
import { Field } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { useForm } from '#client/lib/forms/use-form';
import { useSession } from '#client/lib/session';
import { trpc } from '#client/lib/trpc';

const t = backInStockMessages.backInStock;

interface Props {
  id: string;
  variantID: number;
  /** "M, E kuqe": what the shopper waits for. */
  variantLabel: string;
}

export default function BackInStockForm({ id, variantID, variantLabel }: Props) {
  const signedIn = useSession() !== null;
  const profile = useQuery({ ...trpc.accounts.profile.queryOptions(), enabled: signedIn });
  const request = useMutation(trpc.backInStock.request.mutationOptions());
  const form = useForm({
    initialValues: { email: '' },
    schema: BackInStockRequestInput,
    toInput: (v) => ({ variantID, email: v.email }),
    errorFallback: t.failed,
    onSubmit: (data) => request.mutateAsync(data),
    onError: (e, helpers) => {
      if (e.status === 429) helpers.setFormError(t.tooMany);
      else if (e.status === 409 || e.status === 404) helpers.setFormError(e.message);
    },
  });
  const email = profile.data?.email;
  const { setValues } = form;
  useEffect(() => {
    if (email) setValues((v) => (v.email ? v : { email }));
  }, [email, setValues]);

  if (request.data)
    return (
      <p className="back-in-stock__done" id={id} role="status" data-testid="back-in-stock-done">
        {fill(t.done, { email: request.data.email })}
      </p>
    );
  return (
    <form id={id} className="back-in-stock__form" {...form.formProps} aria-label={t.notifyMe}>
      <p className="back-in-stock__intro">{fill(t.formTitle, { variant: variantLabel })}</p>
      <Field label={t.email} {...form.field('email')}>
        {(control) => (
          <input {...control} {...form.input('email')} type="email" autoComplete="email" inputMode="email" autoFocus />
        )}
      </Field>
      {form.formError && (
        <p className="back-in-stock__error" role="alert">
          {form.formError}
        </p>
      )}
      <SubmitButton form={form} label={t.submit} pendingLabel={t.submitting} />
    </form>
  );
}
