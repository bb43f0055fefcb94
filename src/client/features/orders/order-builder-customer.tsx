// The manual order builder's customer form: contact and address fields, the server's subtotal, shipping and
// total, and the place-order button.
import type { FormEvent } from 'react';
import type { CountryDto } from '#shared/dto/catalog';
import type { QuoteDto } from '#shared/dto/checkout';
import { checkoutMessages } from '#shared/messages/checkout';
import { staffMessages } from '#shared/messages-staff';
import { formatEuro } from '#shared/money';
import { Field, FieldLook } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import type { Form } from '#client/lib/forms/use-form';
import type { Customer } from './order-builder-submit';

const s = staffMessages.dashboardSales;
const c = checkoutMessages.checkout;

interface Props {
  form: Form<Customer>;
  onSubmit: (e: FormEvent) => void;
  countries: CountryDto[];
  quote: QuoteDto | undefined;
  hasLines: boolean;
}

type TextName = Exclude<keyof Customer, 'countryID'>;

/** The server's subtotal, shipping and total of the order. */
function OrderSummary({ quote, hasLines }: { quote: QuoteDto | undefined; hasLines: boolean }) {
  return (
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
  );
}

export function CustomerForm({ form, onSubmit, countries, quote, hasLines }: Props) {
  // All but the country are plain inputs without autocomplete; the e-mail may stay empty (decision 221).
  // The postal code is asked for only where the chosen country uses one (decision 215), as at checkout.
  const zipOptional = !!countries.find((co) => String(co.countryID) === form.values.countryID)?.postalCodeOptional;
  const text = (label: string, id: string, name: TextName, type?: string, optional?: { hint?: string }) => (
    <Field label={label} {...form.field(name, `mo-${id}`)} required={!optional} hint={optional?.hint}>
      {(control) => <input {...control} {...form.input(name)} type={type} autoComplete="off" />}
    </Field>
  );
  return (
    <form className="dash-card dash-form is-wide" {...form.formProps} onSubmit={onSubmit} aria-labelledby="mo-customer">
      <h2 className="sales-card-title" id="mo-customer">
        {s.customerDetails}
      </h2>
      <FieldLook.Provider value="dashboard">
        <div className="dash-form-grid">
          {text(c.email, 'email', 'email', 'email', { hint: s.emailOptionalHint })}
          {text(c.phoneNumber, 'phone', 'phoneNumber', 'tel')}
          {text(c.firstName, 'first', 'firstName')}
          {text(c.lastName, 'last', 'lastName')}
          <Field label={c.country} {...form.field('countryID', 'mo-country')} required>
            {(control) => (
              <select {...control} {...form.input('countryID')}>
                <option value="">{c.chooseCountry}</option>
                {countries.map((co) => (
                  <option key={co.countryID} value={co.countryID}>
                    {co.countryName} ({formatEuro(co.shippingPrice)})
                  </option>
                ))}
              </select>
            )}
          </Field>
          {text(c.city, 'city', 'city')}
          {text(c.address, 'address', 'address')}
          {text(zipOptional ? c.zipCodeOptional : c.zipCode, 'zip', 'zipCode', undefined, zipOptional ? {} : undefined)}
        </div>
      </FieldLook.Provider>
      <OrderSummary quote={quote} hasLines={hasLines} />
      <div className="dash-form-actions">
        <SubmitButton form={form} label={s.placeOrder} className="dash-btn dash-btn--primary" />
      </div>
    </form>
  );
}
