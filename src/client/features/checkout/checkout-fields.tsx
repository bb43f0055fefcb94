// The checkout's delivery fields (contact, country with its shipping price, address) and their form state.
import { messages } from '../../../shared/messages';
import { formatEuro } from '../../../shared/money';
import { Field } from '../../components/ui/field';
import type { Form } from '../../lib/forms/use-form';

const m = messages.checkout;

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
}

type DeliveryFormState = Form<DeliveryForm>;

interface Props {
  form: DeliveryFormState;
  countries: Country[];
  countriesLoading: boolean;
}

export function DeliveryFields({ form, countries, countriesLoading }: Props) {
  const field = (f: (typeof FIELDS)[number]) => (
    <Field key={f.name} label={f.label} {...form.field(f.name)}>
      {(control) => (
        <input
          {...control}
          {...form.input(f.name)}
          type={f.type}
          autoComplete={f.autoComplete}
          inputMode={f.inputMode}
          required
        />
      )}
    </Field>
  );
  return (
    <fieldset className="checkout-form">
      <legend className="checkout-form__legend">{m.deliveryDetails}</legend>
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
    </fieldset>
  );
}
