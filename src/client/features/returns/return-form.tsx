// The request form (decision 235): return or exchange, quantities per line (at most what is left), the reason, the
// wanted size or colour for an exchange, a comment. Checked with the shared schema, then by the server (409 for what
// the policy excludes). Loaded only with the order page's return panel, never in the first load.
import { useMutation } from '@tanstack/react-query';
import type { ReturnOptionsDto } from '#shared/dto/returns';
import { fill, plural } from '#shared/messages';
import { returnMessages } from '#shared/messages/returns';
import { RETURN_REASONS, type ReturnKind } from '#shared/returns';
import { CreateReturnInput } from '#shared/schemas/returns';
import { Field } from '#client/components/ui/field';
import { useForm } from '#client/lib/forms/use-form';
import { trpc } from '#client/lib/trpc';

const f = returnMessages.form;

interface Values {
  kind: ReturnKind;
  reason: string;
  comment: string;
  lines: string;
  qty: Record<number, string>;
  wanted: Record<number, string>;
}

function toInput(v: Values, orderId: number, guestId?: string) {
  const chosen = Object.entries(v.qty).filter(([, q]) => Number(q) > 0);
  return {
    orderId,
    guestId: guestId ?? null,
    kind: v.kind,
    reason: v.reason || undefined,
    comment: v.comment,
    lines: chosen.map(([id, q]) => ({
      orderDetailsId: Number(id),
      quantity: Number(q),
      exchangeVariantId: v.kind === 'exchange' ? Number(v.wanted[Number(id)]) || null : null,
    })),
  };
}

type Line = ReturnOptionsDto['lines'][number];

function LineFields({ line, values, set }: { line: Line; values: Values; set: (v: Values) => void }) {
  const variant = (size: string, color: string) => [size, color].filter(Boolean).join(', ');
  return (
    <div className="returns__line" data-testid="return-line">
      {line.imageUrl ? <img src={line.imageUrl} alt="" /> : <span />}
      <div className="returns__line-fields">
        <p className="returns__line-name">
          {line.productName} <span className="returns__muted">({variant(line.size, line.color)})</span>
        </p>
        {line.alreadyAsked > 0 && <p className="returns__muted">{plural(f.alreadyAsked, line.alreadyAsked)}</p>}
        <Field id={`return-qty-${line.orderDetailsId}`} label={fill(f.quantity, { name: line.productName })}>
          {(control) => (
            <select
              {...control}
              className="field__control"
              value={values.qty[line.orderDetailsId] ?? '0'}
              onChange={(e) => set({ ...values, qty: { ...values.qty, [line.orderDetailsId]: e.target.value } })}
            >
              {Array.from({ length: line.returnable + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
        {values.kind === 'exchange' && Number(values.qty[line.orderDetailsId]) > 0 && (
          <Field id={`return-wanted-${line.orderDetailsId}`} label={f.wanted}>
            {(control) => (
              <select
                {...control}
                className="field__control"
                value={values.wanted[line.orderDetailsId] ?? ''}
                onChange={(e) =>
                  set({ ...values, wanted: { ...values.wanted, [line.orderDetailsId]: e.target.value } })
                }
              >
                <option value="">{f.chooseWanted}</option>
                {line.choices.map((c) => (
                  <option key={c.productVariantId} value={c.productVariantId} disabled={!c.inStock}>
                    {c.inStock ? variant(c.size, c.color) : fill(f.soldOut, { variant: variant(c.size, c.color) })}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
    </div>
  );
}

export function ReturnForm(props: {
  options: ReturnOptionsDto;
  guestId?: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { options, guestId } = props;
  const create = useMutation(trpc.returns.create.mutationOptions());
  const form = useForm({
    initialValues: { kind: 'return', reason: '', comment: '', lines: '', qty: {}, wanted: {} } as Values,
    schema: CreateReturnInput,
    toInput: (v) => toInput(v, options.orderId, guestId),
    errorFallback: f.failed,
    fieldOf: (path) => (path.startsWith('lines') ? 'lines' : undefined),
    onSubmit: async (input) => {
      await create.mutateAsync(input);
      props.onDone();
    },
  });
  const v = form.values;
  return (
    <form className="returns__form" {...form.formProps} aria-label={f.title} data-testid="return-form">
      <p className="returns__muted">{f.intro}</p>
      <fieldset className="returns__kinds">
        <legend className="field__label">{f.kind}</legend>
        {(['return', 'exchange'] as const).map((k) => (
          <label key={k}>
            <input type="radio" name="kind" checked={v.kind === k} onChange={() => form.set('kind', k)} />
            {returnMessages.kinds[k]}
          </label>
        ))}
      </fieldset>
      {options.lines
        .filter((l) => l.returnable > 0)
        .map((l) => (
          <LineFields key={l.orderDetailsId} line={l} values={v} set={(next) => form.setValues(next)} />
        ))}
      {form.errors.lines && (
        <p className="returns__error" role="alert">
          {form.errors.lines}
        </p>
      )}
      <Field label={f.reason} {...form.field('reason', 'return-reason')}>
        {(control) => (
          <select {...control} {...form.input('reason')} className="field__control">
            <option value="">{f.chooseReason}</option>
            {RETURN_REASONS.map((r) => (
              <option key={r} value={r}>
                {returnMessages.reasons[r]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={f.comment} {...form.field('comment', 'return-comment')}>
        {(control) => <textarea {...control} {...form.input('comment')} className="field__control" maxLength={500} />}
      </Field>
      {form.formError && (
        <p className="returns__error" role="alert">
          {form.formError}
        </p>
      )}
      <div className="returns__actions">
        <button type="submit" className="button" disabled={form.submitting}>
          {form.submitting ? f.sending : f.submit}
        </button>
        <button type="button" className="button button--ghost" onClick={props.onCancel}>
          {f.cancel}
        </button>
      </div>
    </form>
  );
}
