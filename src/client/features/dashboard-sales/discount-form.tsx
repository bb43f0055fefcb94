// Discount add and edit screens, product or promo mode: percentage, dates, code and limits (promo) and a product multi-select.
import { notify } from '../../lib/notify';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { shopToday } from '../../../shared/dates';
import {
  CreateProductDiscountInput,
  CreatePromoInput,
  UpdateProductDiscountInput,
  UpdatePromoInput,
} from '../../../shared/schemas/discounts';
import { trpc } from '../../lib/trpc';
import { readError } from '../../lib/api-error';
import { PageHeader } from '../../components/dashboard/page-header';
import { FormCard, FormField } from '../../components/dashboard/form-field';
import { DiscountTabs, type DiscountMode } from './discount-list';
import { ProductPicker } from './product-picker';
import { serverErrors, validate, type FieldErrors } from './sales-kit';

const m = staffMessages.dashboard;
const s = staffMessages.dashboardSales;

interface Limits {
  maxUses: string;
  maxUsesPerCustomer: string;
  minSubtotal: string;
  isActive: boolean;
}
interface Values extends Limits {
  codeName: string;
  discountPercentage: string;
  startDate: string;
  endDate: string;
  productIDs: number[];
}

const noLimits: Limits = { maxUses: '', maxUsesPerCustomer: '', minSubtotal: '', isActive: true };
const pl = staffMessages.promoLimits;

export function DiscountFormScreen({ mode, id }: { mode: DiscountMode; id?: number }) {
  const isEdit = id !== undefined;
  const discount = useQuery({
    ...trpc.discounts.getProductDiscount.queryOptions({ id: id ?? 0 }),
    enabled: isEdit && mode === 'product',
  });
  const promo = useQuery({
    ...trpc.discounts.getPromo.queryOptions({ id: id ?? 0 }),
    enabled: isEdit && mode === 'promo',
  });
  const existing = mode === 'product' ? discount : promo;

  let initial: Values | null = null;
  if (!isEdit)
    initial = {
      codeName: '',
      discountPercentage: '',
      startDate: shopToday(),
      endDate: '',
      productIDs: [],
      ...noLimits,
    };
  else if (mode === 'product' && discount.data)
    initial = {
      codeName: '',
      discountPercentage: String(discount.data.discountPercentage),
      startDate: discount.data.startDate,
      endDate: discount.data.endDate,
      productIDs: discount.data.productIDs,
      ...noLimits,
    };
  else if (mode === 'promo' && promo.data) {
    const p = promo.data;
    initial = {
      codeName: p.codeName,
      discountPercentage: String(p.discountPercentage),
      startDate: p.startDate,
      endDate: p.endDate,
      productIDs: p.applicableProductIDs,
      maxUses: p.maxUses === null ? '' : String(p.maxUses),
      maxUsesPerCustomer: p.maxUsesPerCustomer === null ? '' : String(p.maxUsesPerCustomer),
      minSubtotal: p.minSubtotal === null ? '' : p.minSubtotal.toFixed(2),
      isActive: p.isActive,
    };
  }

  const title = isEdit
    ? mode === 'product'
      ? s.editDiscount
      : s.editPromo
    : mode === 'product'
      ? m.addDiscount
      : m.addPromo;
  return (
    <>
      <PageHeader title={title} actions={<DiscountTabs mode={mode} />} />
      {isEdit && existing.isError ? (
        <div className="dash-card sales-notice is-error" role="alert">
          {readError(existing.error, s.loadFailed).status === 404
            ? mode === 'product'
              ? s.discountNotFound
              : s.promoNotFound
            : s.loadFailed}
        </div>
      ) : !initial ? (
        <div className="dash-card sales-notice">{messages.common.loading}</div>
      ) : (
        <DiscountForm key={`${mode}-${id ?? 'new'}`} mode={mode} id={id} initial={initial} />
      )}
    </>
  );
}

function DiscountForm({ mode, id, initial }: { mode: DiscountMode; id?: number; initial: Values }) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The promo edit screen loads its product list from the right address (the spec's original did not).
  const products = useQuery(trpc.discounts.pickerProducts.queryOptions());

  const { onSubmit, busy } = useDiscountSave(mode, id, values, setErrors);

  const set = <K extends keyof Values>(key: K, v: Values[K]) => {
    setValues((old) => ({ ...old, [key]: v }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };

  const fid = (name: string) => `discount-${name}`;
  return (
    <FormCard onSubmit={(e) => void onSubmit(e)} submitLabel={messages.common.save} busy={busy} wide>
      <div className="dash-form-grid">
        {mode === 'promo' && (
          <FormField label={s.codeName} htmlFor={fid('code')} error={errors.codeName} required>
            <input
              id={fid('code')}
              value={values.codeName}
              onChange={(e) => set('codeName', e.target.value.toUpperCase())}
              autoComplete="off"
              maxLength={64}
              aria-invalid={!!errors.codeName}
            />
          </FormField>
        )}
        <FormField label={s.percentage} htmlFor={fid('pct')} error={errors.discountPercentage} required>
          <input
            id={fid('pct')}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            value={values.discountPercentage}
            onChange={(e) => set('discountPercentage', e.target.value)}
            aria-invalid={!!errors.discountPercentage}
          />
        </FormField>
        <FormField label={s.startDate} htmlFor={fid('start')} error={errors.startDate} required>
          <input
            id={fid('start')}
            type="date"
            value={values.startDate}
            onChange={(e) => set('startDate', e.target.value)}
            aria-invalid={!!errors.startDate}
          />
        </FormField>
        <FormField label={s.endDate} htmlFor={fid('end')} error={errors.endDate} required>
          <input
            id={fid('end')}
            type="date"
            value={values.endDate}
            min={values.startDate || undefined}
            onChange={(e) => set('endDate', e.target.value)}
            aria-invalid={!!errors.endDate}
          />
        </FormField>
      </div>
      {mode === 'promo' && <PromoLimitFields values={values} errors={errors} set={set} />}
      <FormField
        label={s.products}
        htmlFor={fid('products')}
        error={errors.productIDs}
        hint={mode === 'promo' ? s.promoAllHint : undefined}
        required={mode === 'product'}
      >
        <ProductPicker
          id={fid('products')}
          products={products.data}
          value={values.productIDs}
          onChange={(ids) => set('productIDs', ids)}
          invalid={!!errors.productIDs}
        />
      </FormField>
    </FormCard>
  );
}

function PromoLimitFields({
  values,
  errors,
  set,
}: {
  values: Values;
  errors: FieldErrors;
  set: <K extends keyof Values>(key: K, v: Values[K]) => void;
}) {
  const fid = (name: string) => `promo-${name}`;
  return (
    <div className="dash-form-grid">
      <FormField label={pl.maxUses} htmlFor={fid('max')} error={errors.maxUses}>
        <input
          id={fid('max')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.maxUses}
          onChange={(e) => set('maxUses', e.target.value)}
          aria-invalid={!!errors.maxUses}
        />
      </FormField>
      <FormField label={pl.maxUsesPerCustomer} htmlFor={fid('per')} error={errors.maxUsesPerCustomer}>
        <input
          id={fid('per')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.maxUsesPerCustomer}
          onChange={(e) => set('maxUsesPerCustomer', e.target.value)}
          aria-invalid={!!errors.maxUsesPerCustomer}
        />
      </FormField>
      <FormField label={pl.minSubtotal} htmlFor={fid('min')} error={errors.minSubtotal}>
        <input
          id={fid('min')}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={values.minSubtotal}
          onChange={(e) => set('minSubtotal', e.target.value)}
          aria-invalid={!!errors.minSubtotal}
        />
      </FormField>
      <label
        className="dash-check"
        htmlFor={fid('active')}
        style={{ display: 'flex', gap: 8, alignItems: 'center', alignSelf: 'end' }}
      >
        <input
          id={fid('active')}
          type="checkbox"
          checked={values.isActive}
          onChange={(e) => set('isActive', e.target.checked)}
        />
        {pl.isActive}
      </label>
    </div>
  );
}

/** Validates with the create or update schema of the mode, saves, and maps the server's field messages back. */
function useDiscountSave(
  mode: DiscountMode,
  id: number | undefined,
  values: Values,
  setErrors: (errors: FieldErrors) => void,
) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const createDiscount = useMutation(trpc.discounts.createProductDiscount.mutationOptions());
  const updateDiscount = useMutation(trpc.discounts.updateProductDiscount.mutationOptions());
  const createPromo = useMutation(trpc.discounts.createPromo.mutationOptions());
  const updatePromo = useMutation(trpc.discounts.updatePromo.mutationOptions());
  const busy = createDiscount.isPending || updateDiscount.isPending || createPromo.isPending || updatePromo.isPending;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const base = {
      discountPercentage: values.discountPercentage,
      startDate: values.startDate,
      endDate: values.endDate,
    };
    try {
      if (mode === 'product') {
        const body = { ...base, productIDs: values.productIDs };
        if (id === undefined) {
          const v = validate(CreateProductDiscountInput, body);
          if (v.errors) return setErrors(v.errors);
          await createDiscount.mutateAsync(v.data);
        } else {
          const v = validate(UpdateProductDiscountInput, { ...body, productDiscountID: id });
          if (v.errors) return setErrors(v.errors);
          await updateDiscount.mutateAsync(v.data);
        }
      } else {
        const limits = {
          maxUses: values.maxUses,
          maxUsesPerCustomer: values.maxUsesPerCustomer,
          minSubtotal: values.minSubtotal,
          isActive: values.isActive,
        };
        const body = { ...base, codeName: values.codeName, applicableProductIDs: values.productIDs, ...limits };
        if (id === undefined) {
          const v = validate(CreatePromoInput, body);
          if (v.errors) return setErrors({ ...v.errors, productIDs: v.errors.applicableProductIDs });
          await createPromo.mutateAsync(v.data);
        } else {
          const v = validate(UpdatePromoInput, { ...body, promoCodeDiscountID: id });
          if (v.errors) return setErrors({ ...v.errors, productIDs: v.errors.applicableProductIDs });
          await updatePromo.mutateAsync(v.data);
        }
      }
      notify.success(s.discountSaved);
      await qc.invalidateQueries({ queryKey: trpc.discounts.pathKey() });
      await navigate({ to: mode === 'product' ? '/dashboard/discount' : '/dashboard/discount/promo' });
    } catch (err) {
      const { message, errors: fieldErrors } = serverErrors(err, m.saveFailed);
      setErrors({ ...fieldErrors, productIDs: fieldErrors.productIDs ?? fieldErrors.applicableProductIDs });
      notify.error(message);
    }
  }

  return { onSubmit, busy };
}
