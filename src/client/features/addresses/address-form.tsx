// Adding or editing one saved address (decision 215): the shared schema checks it as the server does; names typed
// in lowercase are stored with capitals; the postal code is optional where the country has none in daily use.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedAddressDto } from '#shared/dto/addresses';
import { messages } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { checkoutMessages } from '#shared/messages/checkout';
import { formatEuro } from '#shared/money';
import { SavedAddressInput } from '#shared/schemas/addresses';
import { Field } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { useForm } from '#client/lib/forms/use-form';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';

const m = checkoutMessages.checkout;
const a = accountMessages.addresses;

const EMPTY = { firstName: '', lastName: '', phoneNumber: '', countryID: '', city: '', address: '', zipCode: '' };
type Values = typeof EMPTY;
type TextName = Exclude<keyof Values, 'countryID'>;

const valuesOf = (s: SavedAddressDto): Values => ({
  firstName: s.firstName,
  lastName: s.lastName,
  phoneNumber: s.phoneNumber,
  countryID: String(s.countryID),
  city: s.city,
  address: s.address,
  zipCode: s.zipCode,
});

function useAddressForm(editing: SavedAddressDto | null, onDone: () => void) {
  const qc = useQueryClient();
  const create = useMutation(trpc.addresses.create.mutationOptions());
  const update = useMutation(trpc.addresses.update.mutationOptions());
  return useForm({
    initialValues: editing ? valuesOf(editing) : EMPTY,
    schema: SavedAddressInput,
    errorFallback: a.saveFailed,
    onSubmit: async (data) => {
      if (editing) await update.mutateAsync({ ...data, addressId: editing.addressID });
      else await create.mutateAsync(data);
      await qc.invalidateQueries({ queryKey: trpc.addresses.list.queryKey() });
      notify.success(a.saved, { topic: 'addresses' });
      onDone();
    },
    onError: (e) => notify.error(e.message || a.saveFailed, { topic: 'addresses' }),
  });
}

export function AddressForm({ editing, onDone }: { editing: SavedAddressDto | null; onDone: () => void }) {
  const form = useAddressForm(editing, onDone);
  const countries = useQuery(trpc.catalog.countries.queryOptions());
  const zipOptional = !!countries.data?.find((c) => String(c.countryID) === form.values.countryID)?.postalCodeOptional;
  const text = (name: TextName, label: string, autoComplete: string, required = true) => (
    <Field label={label} {...form.field(name)}>
      {(control) => <input {...control} {...form.input(name)} autoComplete={autoComplete} required={required} />}
    </Field>
  );
  return (
    <form className="addr-form" {...form.formProps} data-testid="address-form">
      <div className="profile__grid">
        {text('firstName', m.firstName, 'given-name')}
        {text('lastName', m.lastName, 'family-name')}
        {text('phoneNumber', m.phoneNumber, 'tel')}
        <Field label={m.country} {...form.field('countryID')}>
          {(control) => (
            <select {...control} {...form.input('countryID')} autoComplete="country-name" required>
              <option value="">{countries.isLoading ? messages.common.loading : m.chooseCountry}</option>
              {(countries.data ?? []).map((c) => (
                <option key={c.countryID} value={c.countryID}>
                  {c.countryName} — {formatEuro(c.shippingPrice)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {text('city', m.city, 'address-level2')}
        {text('address', m.address, 'street-address')}
        {text('zipCode', zipOptional ? m.zipCodeOptional : m.zipCode, 'postal-code', !zipOptional)}
      </div>
      <div className="addr-form__actions">
        <SubmitButton form={form} className="button" label={a.save} pendingLabel={a.saving} testId="address-save" />
        <button type="button" className="button button--ghost" onClick={onDone}>
          {a.cancel}
        </button>
      </div>
    </form>
  );
}
