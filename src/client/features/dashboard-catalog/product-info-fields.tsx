// The product form's info section: name, barcode, brand, price, main then sub category, description, events
// and the in-stock toggle.
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { trpc } from '../../lib/trpc';
import { CheckboxList } from '../../components/dashboard/checkbox-list';
import { FormField } from '../../components/dashboard/form-field';
import type { FieldErrorOf, ProductFields } from './product-form-model';

const m = staffMessages.dashboard;

interface Props {
  fields: ProductFields;
  onChange: (patch: Partial<ProductFields>) => void;
  err: FieldErrorOf;
}

export function ProductInfoFields({ fields, onChange, err }: Props) {
  return (
    <>
      <h2 className="dash-section-title dash-section-first">{m.productInfo}</h2>
      <div className="dash-form-grid">
        <FormField label={m.productName} htmlFor="p-name" error={err('name')} required>
          <input
            id="p-name"
            value={fields.name}
            onChange={(e) => onChange({ name: e.target.value })}
            maxLength={200}
            aria-invalid={Boolean(err('name'))}
          />
        </FormField>
        <FormField label={m.barcode} htmlFor="p-barcode" error={err('barcode')}>
          <input
            id="p-barcode"
            value={fields.barcode}
            onChange={(e) => onChange({ barcode: e.target.value })}
            maxLength={64}
            inputMode="numeric"
          />
        </FormField>
        <FormField label={m.brand} htmlFor="p-brand" error={err('brand')}>
          <input
            id="p-brand"
            value={fields.brand ?? ''}
            onChange={(e) => onChange({ brand: e.target.value })}
            maxLength={100}
          />
        </FormField>
        <FormField label={m.price} htmlFor="p-price" error={err('price')} required>
          <input
            id="p-price"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            value={fields.price}
            onChange={(e) => onChange({ price: e.target.value })}
            aria-invalid={Boolean(err('price'))}
          />
        </FormField>
        <CategoryFields fields={fields} onChange={onChange} err={err} />
      </div>
      <FormField label={m.description} htmlFor="p-desc" error={err('description')}>
        <textarea
          id="p-desc"
          value={fields.description}
          onChange={(e) => onChange({ description: e.target.value })}
          maxLength={5000}
        />
      </FormField>
      <EventsAndStock fields={fields} onChange={onChange} err={err} />
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
      <FormField label={m.mainCategory} htmlFor="p-main" error={err('mainCategoryID')} required>
        <select
          id="p-main"
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
      </FormField>
      <FormField
        label={m.subCategory}
        htmlFor="p-sub"
        error={err('categoryID')}
        required
        hint={subDisabled ? m.chooseMainFirst : undefined}
      >
        <select
          id="p-sub"
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
      </FormField>
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
