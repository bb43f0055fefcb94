// Low-stock thresholds (decision 231): the shop's default (a variant is low below it) and each variant's own, typed
// in the stock-count table's "Kufiri" column (empty = the shop's default) and saved when the box is left.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { StockVariantDto } from '#shared/dto/stock';
import { ShopThresholdInput } from '#shared/schemas/stock';
import { readError } from '#client/lib/api-error';
import { useForm } from '#client/lib/forms/use-form';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import { Field } from '#client/components/ui/field';

const t = staffMessages.stock;

/** The shop's default threshold, read from the low-stock list's answer and saved on its own. */
export function ShopThresholdForm() {
  const client = useQueryClient();
  const low = useQuery(trpc.catalogAdmin.lowStock.queryOptions({ page: 1, pageSize: 1 }));
  const save = useMutation(trpc.catalogAdmin.setShopThreshold.mutationOptions());
  if (!low.data) return null;
  return (
    <ShopThresholdFields
      key={low.data.shopThreshold}
      initial={low.data.shopThreshold}
      onSaved={client}
      save={save.mutateAsync}
    />
  );
}

function ShopThresholdFields({
  initial,
  onSaved,
  save,
}: {
  initial: number;
  onSaved: ReturnType<typeof useQueryClient>;
  save: (input: ShopThresholdInput) => Promise<unknown>;
}) {
  const form = useForm({
    initialValues: { threshold: String(initial) },
    schema: ShopThresholdInput,
    errorFallback: staffMessages.dashboard.saveFailed,
    onSubmit: async (data) => {
      await save(data);
      await onSaved.invalidateQueries({ queryKey: trpc.catalogAdmin.pathKey() });
      notify.success(t.thresholdSaved);
    },
  });
  return (
    <form {...form.formProps} className="dash-card stock-threshold">
      <Field {...form.field('threshold')} label={t.shopThreshold} hint={t.shopThresholdHint} look="dashboard">
        {(control) => <input {...control} {...form.input('threshold')} className="dash-input" inputMode="numeric" />}
      </Field>
      <button type="submit" className="dash-btn" disabled={form.submitting}>
        {t.saveThreshold}
      </button>
    </form>
  );
}

/** A variant's own threshold: saved when the box is left with a changed value; empty returns to the shop's. */
export function VariantThresholdInput({ v }: { v: StockVariantDto }) {
  const client = useQueryClient();
  const save = useMutation(trpc.catalogAdmin.setVariantThreshold.mutationOptions());
  const [text, setText] = useState(v.lowStockThreshold === null ? '' : String(v.lowStockThreshold));
  const [error, setError] = useState<string | null>(null);
  const commit = async () => {
    const now = text.trim() === '' ? null : text.trim();
    if (now === (v.lowStockThreshold === null ? null : String(v.lowStockThreshold))) return;
    try {
      await save.mutateAsync({ variantID: v.variantID, threshold: now });
      setError(null);
      notify.success(t.thresholdSaved);
      await client.invalidateQueries({ queryKey: trpc.catalogAdmin.pathKey() });
    } catch (err) {
      setError(readError(err, staffMessages.dashboard.saveFailed).message);
    }
  };
  return (
    <>
      <input
        className="dash-input stock-count-input"
        inputMode="numeric"
        placeholder={t.thresholdPlaceholder}
        aria-label={fill(t.thresholdLabel, { name: `${v.productName} ${v.colorName} ${v.sizeName}` })}
        aria-invalid={error ? true : undefined}
        title={error ?? undefined}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void commit();
          }
        }}
      />
      {error && <span className="dash-error">{error}</span>}
    </>
  );
}
