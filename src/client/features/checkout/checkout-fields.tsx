// The checkout's delivery fields (contact, country with its shipping price, address) and their form state; a
// signed-in customer with saved addresses chooses one first (decision 215). The e-mail is optional (decision 252);
// the postal code is optional where the chosen country has none in daily use (Kosovo, Albania).
import type { SavedAddressDto } from '#shared/dto/addresses';
import { messages, plural } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { checkoutMessages } from '#shared/messages/checkout';
import { MAX_SAVED_ADDRESSES } from '#shared/schemas/addresses';
import { formatEuro } from '#shared/money';
import { Field } from '#client/components/ui/field';
import type { Form } from '#client/lib/forms/use-form';

const m = checkoutMessages.checkout;

type FieldName = 'email' | 'firstName' | 'lastName' | 'phoneNumber' | 'countryID' | 'city' | 'address' | 'zipCode';
type DeliveryForm = Record<FieldName, string>;
export const EMPTY_FORM: DeliveryForm = {
  email: '',
  firstName: '',
  lastName: '',
  phoneNumber: '',
  countryID: '',
  city: '',
  address: '',
  zipCode: '',
};

const FIELDS: Array<{
  name: Exclude<FieldName, 'countryID'>;
  label: string;
  type: string;
  autoComplete: string;
  inputMode?: 'email' | 'tel' | 'text';
}> = [
  { name: 'email', label: m.email, type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'firstName', label: m.firstName, type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: m.lastName, type: 'text', autoComplete: 'family-name' },
  { name: 'phoneNumber', label: m.phoneNumber, type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];
const ADDRESS_FIELDS: typeof FIELDS = [
  { name: 'city', label: m.city, type: 'text', autoComplete: 'address-level2' },
  { name: 'address', label: m.address, type: 'text', autoComplete: 'street-address' },
  { name: 'zipCode', label: m.zipCode, type: 'text', autoComplete: 'postal-code', inputMode: 'text' },
];

interface Country {
  countryID: number;
  countryName: string;
  shippingPrice: number;
  postalCodeOptional?: boolean;
}

type DeliveryFormState = Form<DeliveryForm>;

/** A signed-in customer's "save this address" checkbox (issue 25): its state, and whether the book is full. */
export interface SaveAddressChoice {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

interface Props {
  form: DeliveryFormState;
  countries: Country[];
  countriesLoading: boolean;
  addresses?: SavedAddressDto[];
  onChooseAddress?: (address: SavedAddressDto) => void;
  /** Offered to a signed-in customer only, and only for an address not already saved. */
  saveAddress?: SaveAddressChoice;
}

/** "Ruaje këtë adresë": off when the book already holds as many as it may (the profile's limit, decision 215). */
function SaveAddressBox({ choice, full }: { choice: SaveAddressChoice; full: boolean }) {
  return (
    <div className="checkout-save">
      <label className="checkout-save__label">
        <input
          type="checkbox"
          name="saveAddress"
          checked={choice.checked && !full}
          disabled={full}
          onChange={(e) => choice.onChange(e.target.checked)}
          aria-describedby={full ? 'checkout-save-full' : undefined}
          data-testid="checkout-save-address"
        />
        {m.saveAddress}
      </label>
      {full && (
        <p className="field__hint" id="checkout-save-full">
          {plural(m.saveAddressFull, MAX_SAVED_ADDRESSES)}
        </p>
      )}
    </div>
  );
}

/** The saved address the delivery fields show now (chosen, or typed the same), if any. */
export const shownAddress = (addresses: SavedAddressDto[], v: DeliveryForm) =>
  addresses.find((a) => String(a.countryID) === v.countryID && a.address === v.address && a.city === v.city);

const addressLine = (a: SavedAddressDto) =>
  [`${a.firstName} ${a.lastName}`, a.address, [a.zipCode, a.city].filter(Boolean).join(' '), a.countryName].join(', ');

/** The saved addresses to choose from; "Adresë tjetër" leaves the fields as they are. */
function AddressChooser({
  form,
  addresses,
  onChoose,
}: {
  form: DeliveryFormState;
  addresses: SavedAddressDto[];
  onChoose: (a: SavedAddressDto) => void;
}) {
  const current = shownAddress(addresses, form.values);
  return (
    <Field label={accountMessages.addresses.choose} id="checkout-saved-address">
      {(control) => (
        <select
          {...control}
          value={current ? String(current.addressID) : ''}
          data-testid="checkout-address-choice"
          onChange={(e) => {
            const chosen = addresses.find((a) => String(a.addressID) === e.target.value);
            if (chosen) onChoose(chosen);
          }}
        >
          {addresses.map((a) => (
            <option key={a.addressID} value={a.addressID}>
              {addressLine(a)}
            </option>
          ))}
          <option value="">{accountMessages.addresses.chooseNew}</option>
        </select>
      )}
    </Field>
  );
}

export function DeliveryFields({
  form,
  countries,
  countriesLoading,
  addresses = [],
  onChooseAddress,
  saveAddress,
}: Props) {
  const zipOptional = !!countries.find((c) => String(c.countryID) === form.values.countryID)?.postalCodeOptional;
  const field = (f: (typeof FIELDS)[number]) => {
    // Cash on delivery needs a phone, not a mailbox: the e-mail is optional for every order (decision 252).
    const optional = f.name === 'email' || (f.name === 'zipCode' && zipOptional);
    const label = f.name === 'email' ? m.emailOptional : optional ? m.zipCodeOptional : f.label;
    return (
      <Field key={f.name} label={label} hint={f.name === 'email' ? m.emailHint : undefined} {...form.field(f.name)}>
        {(control) => (
          <input
            {...control}
            {...form.input(f.name)}
            type={f.type}
            autoComplete={f.autoComplete}
            inputMode={f.inputMode}
            required={!optional}
          />
        )}
      </Field>
    );
  };
  return (
    <fieldset className="checkout-form">
      <legend className="checkout-form__legend">{m.deliveryDetails}</legend>
      {addresses.length > 0 && onChooseAddress && (
        <AddressChooser form={form} addresses={addresses} onChoose={onChooseAddress} />
      )}
      <div className="checkout-form__grid">
        {FIELDS.map(field)}
        <Field label={m.country} {...form.field('countryID')}>
          {(control) => (
            <select {...control} {...form.input('countryID')} autoComplete="country-name" required>
              <option value="">{countriesLoading ? messages.common.loading : m.chooseCountry}</option>
              {countries.map((c) => (
                <option key={c.countryID} value={c.countryID}>
                  {c.countryName} — {formatEuro(c.shippingPrice)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {ADDRESS_FIELDS.map(field)}
      </div>
      {saveAddress && !shownAddress(addresses, form.values) && (
        <SaveAddressBox choice={saveAddress} full={addresses.length >= MAX_SAVED_ADDRESSES} />
      )}
    </fieldset>
  );
}
