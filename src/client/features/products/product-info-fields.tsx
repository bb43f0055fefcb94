// The product form's info section: name, barcode, brand, price, main then sub category, description, events
// and the in-stock toggle.
import type { InputHTMLAttributes } from 'react';
import { useQuery } from '@tanstack/react-query';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { productFieldMessages } from '#shared/messages/product-fields';
import {
  PRODUCT_TEXT_FIELDS,
  PRODUCT_TEXT_KEYS,
  type ProductTextField,
  type ProductTextKey,
} from '#shared/product-fields';
import { trpc } from '#client/lib/trpc';
import { CheckboxList } from '#client/components/dashboard/checkbox-list';
import { MoneyInput } from '#client/components/dashboard/money-input';
import { Field } from '#client/components/ui/field';
import type { FieldErrorOf, ProductFields } from './product-form-model';

const m = staffMessages.dashboard;

interface Props {
  fields: ProductFields;
  onChange: (patch: Partial<ProductFields>) => void;
  err: FieldErrorOf;
}

type TextKey = 'name' | 'barcode' | 'brand' | ProductTextKey;

/** One text input of the info section, its id `p-<id>`. */
function TextField({
  name,
  id,
  label,
  required,
  props: { fields, onChange, err },
  ...input
}: {
  name: TextKey;
  id: string;
  label: string;
  required?: boolean;
  props: Props;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={`p-${id}`} label={label} error={err(name)} required={required}>
      {(control) => (
        <input {...control} {...input} value={fields[name]} onChange={(e) => onChange({ [name]: e.target.value })} />
      )}
    </Field>
  );
}

export function ProductInfoFields(props: Props) {
  const { fields, onChange, err } = props;
  return (
    <>
      <h2 className="dash-section-title dash-section-first">{m.productInfo}</h2>
      <div className="dash-form-grid">
        <TextField name="name" id="name" label={m.productName} required maxLength={200} props={props} />
        <TextField name="barcode" id="barcode" label={m.barcode} maxLength={64} inputMode="numeric" props={props} />
        <TextField name="brand" id="brand" label={m.brand} maxLength={100} props={props} />
        {PRODUCT_TEXT_KEYS.map((k) => (
          <TextField
            key={k}
            name={k}
            id={k}
            label={productFieldMessages.productFields[k]}
            maxLength={(PRODUCT_TEXT_FIELDS[k] as ProductTextField).max}
            props={props}
          />
        ))}
        <Field id="p-price" label={m.price} error={err('price')} required hint={m.priceHint}>
          {(control) => (
            <MoneyInput {...control} value={fields.price} onChange={(e) => onChange({ price: e.target.value })} />
          )}
        </Field>
        <CategoryFields {...props} />
      </div>
      <Field id="p-desc" label={m.description} error={err('description')}>
        {(control) => (
          <textarea
            {...control}
            value={fields.description}
            onChange={(e) => onChange({ description: e.target.value })}
            maxLength={5000}
          />
        )}
      </Field>
      <EventsAndStock {...props} />
    </>
  );
}

/** Main category, then its sub categories (a new main category clears the chosen sub category). */
function CategoryFields({ fields, onChange, err }: Props) {
  const { mainCategoryID, categoryID } = fields;
  const mains = useQuery(trpc.catalog.mainCategories.queryOptions());
  const subs = useQuery(
    trpc.catalog.categoriesByMain.queryOptions(
      { mainCategoryID: mainCategoryID === '2' ? 2 : 1 },
      { enabled: Boolean(mainCategoryID) },
    ),
  );
  const subDisabled = !mainCategoryID;
  return (
    <>
      <Field id="p-main" label={m.mainCategory} error={err('mainCategoryID')} required>
        {(control) => (
          <select
            {...control}
            value={mainCategoryID}
            onChange={(e) => onChange({ mainCategoryID: e.target.value, categoryID: '' })}
          >
            <option value="">{m.chooseMainCategory}</option>
            {mains.data?.map((c) => (
              <option key={c.mainCategoryID} value={c.mainCategoryID}>
                {c.mainCategoryName}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id="p-sub"
        label={m.subCategory}
        error={err('categoryID')}
        required
        hint={subDisabled ? m.chooseMainFirst : undefined}
      >
        {(control) => (
          <select
            {...control}
            value={categoryID}
            onChange={(e) => onChange({ categoryID: e.target.value })}
            disabled={subDisabled}
          >
            <option value="">{m.chooseSubCategory}</option>
            {!subDisabled &&
              subs.data?.map((c) => (
                <option key={c.categoryID} value={c.categoryID}>
                  {c.categoryName}
                </option>
              ))}
          </select>
        )}
      </Field>
    </>
  );
}

function EventsAndStock({ fields, onChange, err }: Props) {
  const events = useQuery(trpc.catalog.events.queryOptions());
  return (
    <div className="dash-form-grid">
      <CheckboxList
        legend={m.eventsLabel}
        options={(events.data ?? []).map((ev) => ({ id: ev.eventID, label: ev.eventName }))}
        selected={fields.eventIDs}
        onChange={(eventIDs) => onChange({ eventIDs })}
        error={err('eventIDs')}
        testId="product-events"
      />
      <div className="dash-field">
        <span className="dash-field-label">{m.inStock}</span>
        <label className="dash-toggle" htmlFor="p-active">
          <input
            id="p-active"
            type="checkbox"
            role="switch"
            checked={fields.isActive}
            onChange={(e) => onChange({ isActive: e.target.checked })}
          />
          {fields.isActive ? messages.common.yes : messages.common.no}
        </label>
      </div>
    </div>
  );
}
