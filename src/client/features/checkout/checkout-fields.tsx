// The checkout's delivery fields (contact, country with its shipping price, address) and their form state.
import { useId } from 'react';
import { messages } from '../../../shared/messages';
import { formatEuro } from '../../../shared/money';
import { FormField } from '../../components/ui/form-field';

const m = messages.checkout;

export type FieldName =
  'email' | 'firstName' | 'lastName' | 'phoneNumber' | 'countryID' | 'city' | 'address' | 'zipCode';
export type DeliveryForm = Record<FieldName, string>;
export type DeliveryErrors = Partial<Record<FieldName, string>>;
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

interface Props {
  form: DeliveryForm;
  errors: DeliveryErrors;
  set: (name: FieldName, value: string) => void;
  countries: Country[];
  countriesLoading: boolean;
}

export function DeliveryFields({ form, errors, set, countries, countriesLoading }: Props) {
  const field = (f: (typeof FIELDS)[number]) => (
    <FormField
      key={f.name}
      label={f.label}
      name={f.name}
      type={f.type}
      autoComplete={f.autoComplete}
      inputMode={f.inputMode}
      required
      value={form[f.name]}
      error={errors[f.name]}
      onChange={(e) => set(f.name, e.target.value)}
    />
  );
  return (
    <fieldset className="checkout-form">
      <legend className="checkout-form__legend">{m.deliveryDetails}</legend>
      <div className="checkout-form__grid">
        {FIELDS.map(field)}
        <CountrySelect
          value={form.countryID}
          error={errors.countryID}
          onChange={(v) => set('countryID', v)}
          countries={countries}
          loading={countriesLoading}
        />
        {ADDRESS_FIELDS.map(field)}
      </div>
    </fieldset>
  );
}

function CountrySelect({
  value,
  error,
  onChange,
  countries,
  loading,
}: {
  value: string;
  error?: string;
  onChange: (v: string) => void;
  countries: Country[];
  loading: boolean;
}) {
  const id = useId();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {m.country}
      </label>
      <select
        id={id}
        className="field__control"
        name="countryID"
        autoComplete="country-name"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{loading ? messages.common.loading : m.chooseCountry}</option>
        {countries.map((c) => (
          <option key={c.countryID} value={c.countryID}>
            {c.countryName} — {formatEuro(c.shippingPrice)}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
