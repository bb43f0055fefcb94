// The manual order builder's customer form: contact and address fields, the server's subtotal, shipping and
// total, and the place-order button.
import type { FormEvent } from 'react';
import type { CountryDto } from '../../../shared/dto/catalog';
import type { QuoteDto } from '../../../shared/dto/checkout';
import { messages } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { formatEuro } from '../../../shared/money';
import { FormField } from '../../components/dashboard/form-field';
import type { Customer } from './order-builder-submit';
import type { FieldErrors } from './sales-kit';

const s = staffMessages.dashboardSales;
const c = messages.checkout;
const f = (k: string) => `mo-${k}`;

interface Props {
  customer: Customer;
  errors: FieldErrors;
  setField: (k: keyof Customer, v: string) => void;
  countries: CountryDto[];
  quote: QuoteDto | undefined;
  hasLines: boolean;
  busy: boolean;
  onSubmit: (e: FormEvent) => Promise<void>;
}

/** One text input of the form (all but the country are plain inputs without autocomplete). */
function TextField({
  label,
  id,
  field,
  type,
  props,
}: {
  label: string;
  id: string;
  field: keyof Customer;
  type?: string;
  props: Props;
}) {
  return (
    <FormField label={label} htmlFor={f(id)} error={props.errors[field]} required>
      <input
        id={f(id)}
        type={type}
        value={props.customer[field]}
        onChange={(e) => props.setField(field, e.target.value)}
        autoComplete="off"
      />
    </FormField>
  );
}

export function CustomerForm(props: Props) {
  const { customer, errors, setField, countries, quote, hasLines, busy } = props;
  return (
    <form
      className="dash-card dash-form is-wide"
      onSubmit={(e) => void props.onSubmit(e)}
      noValidate
      aria-labelledby="mo-customer"
    >
      <h2 className="sales-card-title" id="mo-customer">
        {s.customerDetails}
      </h2>
      <div className="dash-form-grid">
        <TextField label={c.email} id="email" field="email" type="email" props={props} />
        <TextField label={c.phoneNumber} id="phone" field="phoneNumber" type="tel" props={props} />
        <TextField label={c.firstName} id="first" field="firstName" props={props} />
        <TextField label={c.lastName} id="last" field="lastName" props={props} />
        <FormField label={c.country} htmlFor={f('country')} error={errors.countryID} required>
          <select id={f('country')} value={customer.countryID} onChange={(e) => setField('countryID', e.target.value)}>
            <option value="">{c.chooseCountry}</option>
            {countries.map((co) => (
              <option key={co.countryID} value={co.countryID}>
                {co.countryName} ({formatEuro(co.shippingPrice)})
              </option>
            ))}
          </select>
        </FormField>
        <TextField label={c.city} id="city" field="city" props={props} />
        <TextField label={c.address} id="address" field="address" props={props} />
        <TextField label={c.zipCode} id="zip" field="zipCode" props={props} />
      </div>
      <div className="sales-summary" aria-live="polite">
        <div>
          <span>{s.subtotal}</span>
          <span>{formatEuro(quote?.subtotal ?? 0)}</span>
        </div>
        <div>
          <span>{s.shipping}</span>
          <span>{quote?.shipping != null ? formatEuro(quote.shipping) : '—'}</span>
        </div>
        <div className="is-total">
          <span>{s.total}</span>
          <span>{formatEuro(hasLines ? (quote?.total ?? 0) : 0)}</span>
        </div>
      </div>
      <div className="dash-form-actions">
        <button type="submit" className="dash-btn dash-btn--primary" disabled={busy} aria-busy={busy}>
          {s.placeOrder}
        </button>
      </div>
    </form>
  );
}
