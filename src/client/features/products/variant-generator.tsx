// The size × colour generator of the product form (issue 25): choose sizes and colours ("Pa ngjyrë" too) and a
// stock, and every combination the table does not have yet is added in one step.
import { useState } from 'react';
import type { ColorDto, SizeDto } from '#shared/dto/catalog';
import { plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { parseCount } from '#shared/schemas/numbers';
import { CheckboxList } from '#client/components/dashboard/checkbox-list';
import type { Combined } from './product-form-model';

const m = staffMessages.dashboard;

interface Props {
  sizes: SizeDto[];
  colours: ColorDto[];
  /** Adds the combinations (ids as the table's selects hold them) and tells what it did. */
  onGenerate: (sizeIDs: string[], colorIDs: string[], stock: string) => Combined;
  /** Open at first (a new product, whose table is still empty). */
  open: boolean;
}

export function VariantGenerator({ sizes, colours, onGenerate, open }: Props) {
  const [sizeIDs, setSizeIDs] = useState<number[]>([]);
  const [colorIDs, setColorIDs] = useState<number[]>([]);
  const [stock, setStock] = useState('0');
  const [note, setNote] = useState<string | null>(null);
  const stockBad = parseCount(stock.trim()) === null;
  const count = sizeIDs.length * colorIDs.length;
  const generate = () => {
    // In the lists' order (sizes in shop order, colours as listed), whatever order they were ticked in.
    const chosenSizes = sizes.filter((s) => sizeIDs.includes(s.sizeID)).map((s) => String(s.sizeID));
    const chosenColours = colours.filter((c) => colorIDs.includes(c.colorID)).map((c) => String(c.colorID));
    const { added, existing } = onGenerate(chosenSizes, chosenColours, stock.trim());
    setNote([plural(m.generated, added), existing ? plural(m.generatedExisting, existing) : ''].join(' ').trim());
  };
  return (
    <details className="dash-generator" open={open} data-testid="variant-generator">
      <summary>{m.generatorTitle}</summary>
      <p className="dash-hint">{m.generatorHint}</p>
      <div className="dash-form-grid">
        <CheckboxList
          legend={m.generatorSizes}
          options={sizes.map((s) => ({ id: s.sizeID, label: s.sizeName }))}
          selected={sizeIDs}
          onChange={setSizeIDs}
          testId="generator-sizes"
        />
        <CheckboxList
          legend={m.generatorColours}
          options={colours.map((c) => ({ id: c.colorID, label: c.colorName }))}
          selected={colorIDs}
          onChange={setColorIDs}
          testId="generator-colours"
        />
      </div>
      <div className="dash-generator__go">
        <label className="dash-field">
          <span className="dash-field-label">{m.generatorStock}</span>
          <input
            className="dash-input dash-stock"
            type="text"
            inputMode="numeric"
            value={stock}
            onChange={(e) => setStock(e.target.value)}
            aria-invalid={stockBad || undefined}
          />
        </label>
        <button
          type="button"
          className="dash-btn dash-btn--primary"
          disabled={count === 0 || stockBad}
          onClick={generate}
        >
          {plural(m.generate, count)}
        </button>
      </div>
      {stockBad && <p className="dash-error">{m.stockMin}</p>}
      <p className="dash-hint" role="status">
        {note}
      </p>
    </details>
  );
}
