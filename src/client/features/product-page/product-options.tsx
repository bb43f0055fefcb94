// The product page's breadcrumb and its colour circles and size chips, each a radio group (decision 250): a tap
// chooses, a second tap leaves the choice as it is, the arrow keys move within the group. A sold-out choice stays
// choosable (struck through, "nuk ka në stok" in its name) so the page can offer the back-in-stock notice for it;
// one that exists in no variant with the other choice is disabled.
import { Link } from '@tanstack/react-router';
import type { ProductDto, SizeGuideDto } from '#shared/dto/catalog';
import { isNoColour } from '#shared/colours';
import { messages } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { SizeGuideButton, SizeGuideDialog } from './size-guide';
import type { ColorOption, SizeOption } from './variant-options';

const m = productMessages;

export function ProductBreadcrumb({ product }: { product: ProductDto }) {
  const base = product.mainCategoryID === 2 ? '/glow-outlet' : '/products';
  return (
    <nav className="breadcrumb" aria-label={m.breadcrumb}>
      <ol>
        <li>
          <Link to="/">{messages.nav.home}</Link>
        </li>
        <li>
          <Link to={base}>{product.mainCategoryID === 2 ? messages.nav.glowOutlet : messages.nav.products}</Link>
        </li>
        {product.categoryName && (
          <li>
            <Link to={`${base}/$categoryID` as '/products/$categoryID'} params={{ categoryID: product.categoryID }}>
              {product.categoryName}
            </Link>
          </li>
        )}
        <li aria-current="page">{product.name}</li>
      </ol>
    </nav>
  );
}

/** One tab stop per group (the chosen option, else the first one that can be chosen), as radios have. */
function rovingTab<K extends 'colorID' | 'sizeID'>(
  options: Array<Record<K, number> & { exists: boolean }>,
  id: number,
  chosen: number | null,
  key: K,
): 0 | -1 {
  const stop = chosen ?? options.find((o) => o.exists)?.[key];
  return id === stop ? 0 : -1;
}

/** The arrow keys move to the next or previous option that can be chosen, and choose it (a radio group's keys). */
function arrows(e: React.KeyboardEvent<HTMLButtonElement>) {
  const step =
    e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
  if (!step) return;
  e.preventDefault();
  const all = [...e.currentTarget.parentElement!.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const next = all[(all.indexOf(e.currentTarget) + step + all.length) % all.length];
  next?.focus();
  next?.click();
}

/** The note under a picker that still needs a choice after "Shto në shportë". */
function MissingNote({ id, text }: { id: string; text: string }) {
  return (
    <p className="option-group__missing" id={id} role="alert">
      {text}
    </p>
  );
}

interface ColorChoicesProps {
  colors: ColorOption[];
  colorID: number | null;
  missing: boolean;
  onChoose: (id: number) => void;
}

export function ColorChoices({ colors, colorID, missing, onChoose }: ColorChoicesProps) {
  const chosen = colors.find((c) => c.colorID === colorID);
  return (
    <div
      className={`option-group${missing ? ' option-group--missing' : ''}`}
      role="radiogroup"
      aria-labelledby="color-label"
      aria-describedby={missing ? 'color-missing' : undefined}
      data-testid="color-picker"
    >
      <p className="option-group__label" id="color-label">
        {m.color}: <span className="option-group__value">{chosen?.colorName ?? m.chooseColor}</span>
      </p>
      <div className="color-options">
        {colors.map((c) => (
          <button
            key={c.colorID}
            type="button"
            className={`color-option${c.colorID === colorID ? ' color-option--selected' : ''}${c.available ? '' : ' color-option--sold-out'}`}
            role="radio"
            aria-checked={c.colorID === colorID}
            tabIndex={rovingTab(colors, c.colorID, colorID, 'colorID')}
            onKeyDown={arrows}
            aria-label={c.available ? c.colorName : `${c.colorName} — ${m.outOfStock}`}
            title={c.colorName}
            disabled={!c.exists && c.colorID !== colorID}
            onClick={() => onChoose(c.colorID)}
            data-color-name={c.colorName}
          >
            <span
              className={`color-option__dot${isNoColour(c) ? ' color-option__dot--none' : ''}`}
              style={{ background: c.hexCode || undefined }}
            />
          </button>
        ))}
      </div>
      {missing && <MissingNote id="color-missing" text={m.pickColor} />}
    </div>
  );
}

interface SizeChoicesProps {
  sizes: SizeOption[];
  sizeID: number | null;
  missing: boolean;
  onChoose: (id: number) => void;
  /** The product's size guide (issue 26): "Udhëzuesi i masave" beside the label opens it. */
  guide?: { guide: SizeGuideDto; productName: string };
}

export function SizeChoices({ sizes, sizeID, missing, onChoose, guide }: SizeChoicesProps) {
  return (
    <div
      className={`option-group${missing ? ' option-group--missing' : ''}`}
      role="radiogroup"
      aria-labelledby="size-label"
      aria-describedby={missing ? 'size-missing' : undefined}
      data-testid="size-picker"
    >
      <div className="option-group__label-row">
        <p className="option-group__label" id="size-label">
          {m.size}:{' '}
          <span className="option-group__value">
            {sizes.find((s) => s.sizeID === sizeID)?.sizeName ?? m.chooseSize}
          </span>
        </p>
        {guide && <SizeGuideButton />}
      </div>
      <div className="size-options">
        {sizes.map((s) => (
          <button
            key={s.sizeID}
            type="button"
            className={`size-option${s.sizeID === sizeID ? ' size-option--selected' : ''}${s.available ? '' : ' size-option--sold-out'}`}
            role="radio"
            aria-checked={s.sizeID === sizeID}
            tabIndex={rovingTab(sizes, s.sizeID, sizeID, 'sizeID')}
            onKeyDown={arrows}
            aria-label={s.available ? s.sizeName : `${s.sizeName} — ${m.outOfStock}`}
            disabled={!s.exists && s.sizeID !== sizeID}
            onClick={() => onChoose(s.sizeID)}
          >
            {s.sizeName}
          </button>
        ))}
      </div>
      {missing && <MissingNote id="size-missing" text={m.pickSize} />}
      {guide && <SizeGuideDialog guide={guide.guide} productName={guide.productName} sizeID={sizeID} />}
    </div>
  );
}
