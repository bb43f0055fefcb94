// Discount add and edit screens, product or promo mode: percentage, dates, code and limits (promo) and a product multi-select.
import { notify } from '#client/lib/notify';
import type { ZodType } from 'zod';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { isIsoDate, shopToday } from '#shared/dates';
import { euroInputText } from '#shared/money';
import {
  CreateProductDiscountInput,
  CreatePromoInput,
  UpdateProductDiscountInput,
  UpdatePromoInput,
  type PromoKind,
} from '#shared/schemas/discounts';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { useForm, type Form } from '#client/lib/forms/use-form';
import { HistoryLink } from '#client/components/dashboard/history-link';
import { PageHeader } from '#client/components/dashboard/page-header';
import { FormCard } from '#client/components/dashboard/form-card';
import { MoneyInput } from '#client/components/dashboard/money-input';
import { DateField } from '#client/components/ui/date-field';
import { Field } from '#client/components/ui/field';
import type { DiscountProductDto, ProductDiscountDto, PromoDto } from '#shared/dto/discounts';
import { DiscountTabs, type DiscountMode } from './discount-list';
import { ProductPicker } from '#client/components/dashboard/product-picker';

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
  /** A promo code's kind (decision 222); product discounts are always percentages. */
  discountKind: PromoKind;
  discountPercentage: string;
  /** A fixed code's amount as typed ("5,00" or "5.00"). */
  discountAmount: string;
  startDate: string;
  endDate: string;
  productIDs: number[];
}

/** A stored amount as the field shows it, in the shop's writing: 5 -> "5,00". */

const noLimits: Limits = { maxUses: '', maxUsesPerCustomer: '', minSubtotal: '', isActive: true };
const pl = staffMessages.promoLimits;
const pk = staffMessages.promoKind;

/** The form's first values: empty for a new one, else the loaded discount's or promo code's (null while loading). */
function initialValues(isEdit: boolean, discount?: ProductDiscountDto, p?: PromoDto): Values | null {
  if (!isEdit)
    return {
      codeName: '',
      discountKind: 'percent',
      discountPercentage: '',
      discountAmount: '',
      startDate: shopToday(),
      endDate: '',
      productIDs: [],
      ...noLimits,
    };
  if (discount)
    return {
      codeName: '',
      discountKind: 'percent',
      discountPercentage: String(discount.discountPercentage),
      discountAmount: '',
      startDate: discount.startDate,
      endDate: discount.endDate,
      productIDs: discount.productIDs,
      ...noLimits,
    };
  if (p)
    return {
      codeName: p.codeName,
      discountKind: p.discountKind,
      discountPercentage: p.discountKind === 'percent' ? String(p.discountPercentage) : '',
      discountAmount: p.discountAmount === null ? '' : euroInputText(p.discountAmount),
      startDate: p.startDate,
      endDate: p.endDate,
      productIDs: p.applicableProductIDs,
      maxUses: p.maxUses === null ? '' : String(p.maxUses),
      maxUsesPerCustomer: p.maxUsesPerCustomer === null ? '' : String(p.maxUsesPerCustomer),
      minSubtotal: p.minSubtotal === null ? '' : euroInputText(p.minSubtotal),
      isActive: p.isActive,
    };
  return null;
}

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

  const initial = initialValues(
    isEdit,
    mode === 'product' ? discount.data : undefined,
    mode === 'promo' ? promo.data : undefined,
  );

  const title = isEdit
    ? mode === 'product'
      ? s.editDiscount
      : s.editPromo
    : mode === 'product'
      ? m.addDiscount
      : m.addPromo;
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            <DiscountTabs mode={mode} />
            {id !== undefined && <HistoryLink entity={mode === 'product' ? 'discount' : 'promo'} id={id} />}
          </>
        }
      />
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
        <DiscountForm
          key={`${mode}-${id ?? 'new'}`}
          mode={mode}
          id={id}
          initial={initial}
          known={mode === 'product' ? discount.data?.products : promo.data?.products}
        />
      )}
    </>
  );
}

type DiscountFormState = Form<Values>;

interface DiscountFormProps {
  mode: DiscountMode;
  id?: number;
  initial: Values;
  /** The saved discount's products, so the chosen ones show their names before any search. */
  known?: DiscountProductDto[];
}

function DiscountForm({ mode, id, initial, known }: DiscountFormProps) {
  const form = useDiscountForm(mode, id, initial);
  return (
    <FormCard form={form} submitLabel={messages.common.save} wide>
      <DiscountFields mode={mode} form={form} />
      {mode === 'promo' && <PromoLimitFields form={form} />}
      <Field
        label={s.products}
        {...form.field('productIDs', 'discount-products')}
        hint={mode === 'promo' ? s.promoAllHint : undefined}
        required={mode === 'product'}
      >
        {(control) => (
          <ProductPicker
            control={control}
            known={known}
            value={form.values.productIDs}
            onChange={(ids) => form.set('productIDs', ids)}
          />
        )}
      </Field>
    </FormCard>
  );
}

function DiscountFields({ mode, form }: { mode: DiscountMode; form: DiscountFormState }) {
  return (
    <div className="dash-form-grid">
      {mode === 'promo' && (
        <Field label={s.codeName} {...form.field('codeName', 'discount-code')} required>
          {(control) => (
            <input
              {...control}
              {...form.input('codeName')}
              onChange={(e) => form.set('codeName', e.target.value.toUpperCase())}
              autoComplete="off"
              maxLength={64}
            />
          )}
        </Field>
      )}
      {mode === 'promo' && <PromoKindChoice form={form} />}
      {mode === 'promo' && form.values.discountKind === 'fixed' ? (
        <Field label={pk.amount} {...form.field('discountAmount', 'discount-amount')} hint={pk.amountHint} required>
          {(control) => (
            // Text, not a number field: "5,00" is how the shop writes euros, and a number field refuses the comma.
            <input {...control} {...form.input('discountAmount')} inputMode="decimal" autoComplete="off" />
          )}
        </Field>
      ) : (
        <Field label={s.percentage} {...form.field('discountPercentage', 'discount-pct')} required>
          {(control) => (
            <input
              {...control}
              {...form.input('discountPercentage')}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
            />
          )}
        </Field>
      )}
      <Field label={s.startDate} {...form.field('startDate', 'discount-start')} required>
        {(control) => <DateField {...control} {...dateProps(form, 'startDate')} />}
      </Field>
      <Field label={s.endDate} {...form.field('endDate', 'discount-end')} required>
        {(control) => (
          <DateField
            {...control}
            {...dateProps(form, 'endDate')}
            min={isIsoDate(form.values.startDate) ? form.values.startDate : undefined}
          />
        )}
      </Field>
    </div>
  );
}

/** A date field bound to the form: it hands on yyyy-mm-dd (or the typed text, which the schema refuses). */
const dateProps = (form: DiscountFormState, name: 'startDate' | 'endDate') => ({
  name,
  value: form.values[name],
  onChange: (value: string) => form.set(name, value),
});

/** Percentage or fixed amount: two radio buttons in a fieldset. */
function PromoKindChoice({ form }: { form: DiscountFormState }) {
  const option = (kind: PromoKind, label: string) => (
    <label>
      <input
        type="radio"
        name="discountKind"
        value={kind}
        checked={form.values.discountKind === kind}
        onChange={() => form.set('discountKind', kind)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="sales-kind">
      <legend>{pk.legend}</legend>
      <div className="sales-kind__options">
        {option('percent', pk.percent)}
        {option('fixed', pk.fixed)}
      </div>
    </fieldset>
  );
}

function PromoLimitFields({ form }: { form: DiscountFormState }) {
  const count = (name: 'maxUses' | 'maxUsesPerCustomer', label: string, htmlId: string) => (
    <Field label={label} {...form.field(name, `promo-${htmlId}`)}>
      {(control) => <input {...control} {...form.input(name)} type="number" inputMode="numeric" min={1} step={1} />}
    </Field>
  );
  return (
    <div className="dash-form-grid">
      {count('maxUses', pl.maxUses, 'max')}
      {count('maxUsesPerCustomer', pl.maxUsesPerCustomer, 'per')}
      <Field label={pl.minSubtotal} {...form.field('minSubtotal', 'promo-min')}>
        {(control) => <MoneyInput {...control} {...form.input('minSubtotal')} />}
      </Field>
      <label
        className="dash-check"
        htmlFor="promo-active"
        style={{ display: 'flex', gap: 8, alignItems: 'center', alignSelf: 'end' }}
      >
        <input
          id="promo-active"
          type="checkbox"
          checked={form.values.isActive}
          onChange={(e) => form.set('isActive', e.target.checked)}
        />
        {pl.isActive}
      </label>
    </div>
  );
}

/** A schema and the mutation that sends what it parsed, paired so that the two agree. */
interface Saver {
  schema: ZodType<unknown>;
  send: (data: unknown) => Promise<unknown>;
}
const saver = <T,>(schema: ZodType<T>, send: (data: T) => Promise<unknown>): Saver => ({
  schema,
  send: send as (data: unknown) => Promise<unknown>,
});

/** The schema and mutation of the mode (product discount or promo code) and of adding or editing. */
function useSaver(mode: DiscountMode, id: number | undefined): Saver {
  const createDiscount = useMutation(trpc.discounts.createProductDiscount.mutationOptions());
  const updateDiscount = useMutation(trpc.discounts.updateProductDiscount.mutationOptions());
  const createPromo = useMutation(trpc.discounts.createPromo.mutationOptions());
  const updatePromo = useMutation(trpc.discounts.updatePromo.mutationOptions());
  if (mode === 'product')
    return id === undefined
      ? saver(CreateProductDiscountInput, createDiscount.mutateAsync)
      : saver(UpdateProductDiscountInput, updateDiscount.mutateAsync);
  return id === undefined
    ? saver(CreatePromoInput, createPromo.mutateAsync)
    : saver(UpdatePromoInput, updatePromo.mutateAsync);
}

/** The form's values as the schema of the mode reads them. */
function discountInput(mode: DiscountMode, id: number | undefined, v: Values) {
  const base = { discountPercentage: v.discountPercentage, startDate: v.startDate, endDate: v.endDate };
  if (mode === 'product')
    return { ...base, productIDs: v.productIDs, ...(id === undefined ? {} : { productDiscountID: id }) };
  const limits = {
    maxUses: v.maxUses,
    maxUsesPerCustomer: v.maxUsesPerCustomer,
    minSubtotal: v.minSubtotal,
    isActive: v.isActive,
  };
  // Only the field of the code's kind is sent: a value left in the hidden one is not the code's.
  const value =
    v.discountKind === 'fixed'
      ? { discountKind: v.discountKind, discountAmount: v.discountAmount }
      : { discountKind: v.discountKind, discountPercentage: v.discountPercentage };
  return {
    ...base,
    discountPercentage: undefined,
    ...value,
    codeName: v.codeName,
    applicableProductIDs: v.productIDs,
    ...limits,
    ...(id === undefined ? {} : { promoCodeDiscountID: id }),
  };
}

/** Validates with the create or update schema of the mode, saves, and maps the server's field messages back. */
function useDiscountForm(mode: DiscountMode, id: number | undefined, initial: Values) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { schema, send } = useSaver(mode, id);
  return useForm({
    initialValues: initial,
    schema,
    toInput: (values) => discountInput(mode, id, values),
    // A promo's products are its applicable products.
    fieldOf: (path) => (path.split('.')[0] === 'applicableProductIDs' ? 'productIDs' : undefined),
    errorFallback: m.saveFailed,
    onSubmit: async (data) => {
      await send(data);
      notify.success(s.discountSaved);
      await qc.invalidateQueries({ queryKey: trpc.discounts.pathKey() });
      await navigate({ to: mode === 'product' ? '/dashboard/discount' : '/dashboard/discount/promo' });
    },
    onError: (e) => notify.error(e.message),
  });
}
