// Product detail: breadcrumb, gallery, name, brand, price, description, colour circles and size chips (a
// single size or colour comes chosen; a missing one is marked at its picker), "Vetëm N të mbetura" for a
// chosen variant with 3 or fewer, "Shto në shportë" (then the route's mini-cart) / "Blej tani", SHITUR banner; a
// chosen sold-out variant offers "Më njofto kur të kthehet" instead of the cart (decision 233).
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { ProductDto, ProductVariantDto, SizeGuideDto } from '#shared/dto/catalog';
import { fill, messages, plural } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { productFieldMessages } from '#shared/messages/product-fields';
import type { ProductTextKey } from '#shared/product-fields';
import { Price } from '#client/components/ui/price';
import { Stars } from '#client/components/ui/stars';
import { formatRating } from '#shared/rating';
import { useAddToCart } from './product-add-to-cart';
import { ProductGallery } from './product-gallery';
import { ColorChoices, ProductBreadcrumb, SizeChoices } from './product-options';
import { isNoColour } from '#shared/colours';
import { StickyBuyBar } from './sticky-buy-bar';
import { BackInStockOffer } from './back-in-stock-offer';
import { colorOptions, galleryImages, isColourless, onlyChoice, sizeOptions, totalStock } from './variant-options';

/** A chosen variant with this many units or fewer shows how many are left. */
export const FEW_LEFT = 3;

const m = productMessages;

interface ProductDetailProps {
  product: ProductDto;
  /** Control beside the product name (the wishlist heart), supplied by the route. */
  headerAction?: ReactNode;
  /** Called after "Shto në shportë" put the variant in the cart (the route opens its mini-cart). */
  onAdded?: (variant: ProductVariantDto) => void;
  /** The product's size guide, if it has one (issue 26). */
  sizeGuide?: SizeGuideDto | null;
}

/** Brand, name with the route's control beside it (the wishlist heart), and the price with its saving. */
function ProductHeading({ product, headerAction }: Pick<ProductDetailProps, 'product' | 'headerAction'>) {
  return (
    <>
      {product.brand && <p className="product__brand">{product.brand}</p>}
      <div className="product__title-row">
        <h1 className="product__name">{product.name}</h1>
        {headerAction && <div className="product__action">{headerAction}</div>}
      </div>
      {product.rating && (
        <p className="product__rating" data-testid="product-rating">
          <Stars
            rating={product.rating.average}
            label={plural(messages.card.rating, product.rating.count, {
              average: formatRating(product.rating.average),
            })}
          />
          <a href="#reviews" aria-hidden="true" tabIndex={-1}>
            {formatRating(product.rating.average)} ({product.rating.count})
          </a>
        </p>
      )}
      <div className="product__price">
        <Price price={product.price} discountedPrice={product.discountedPrice} size="lg" />
        {product.discountPercentage && product.discountedPrice != null && product.discountedPrice < product.price ? (
          <span className="product__save">−{product.discountPercentage}%</span>
        ) : null}
      </div>
    </>
  );
}

/** The description, a paragraph for each blank-line-separated block. */
function ProductDescription({ text }: { text: string }) {
  return (
    <div className="product__description">
      <h2 className="product__subheading">{m.description}</h2>
      {text.split(/\n{2,}/).map((para, i) => (
        <p key={i}>{para}</p>
      ))}
    </div>
  );
}

/** The product's text fields that are given (product-fields.ts), one "Label: value" line each. */
function ProductTextFields({ product }: { product: ProductDto }) {
  // The labels' keys are the fields' (a type error otherwise): the page loads the labels only, not the field table.
  const labels: Record<ProductTextKey, string> = productFieldMessages.productFields;
  return (Object.keys(labels) as ProductTextKey[]).map((k) =>
    product[k] ? (
      <p key={k} className="product__text-field">
        {labels[k]}: {product[k]}
      </p>
    ) : null,
  );
}

interface ProductButtonsProps {
  addButton: RefObject<HTMLButtonElement | null>;
  disabled: boolean;
  onAdd: () => void;
  onBuyNow: () => void;
}

/** "Shto në shportë" and "Blej tani" (disabled while adding, for a sold-out product or a sold-out choice). */
function ProductButtons({ addButton, disabled, onAdd, onBuyNow }: ProductButtonsProps) {
  return (
    <div className="product__buttons">
      <button ref={addButton} type="button" className="button button--block" disabled={disabled} onClick={onAdd}>
        {m.addToCart}
      </button>
      <button type="button" className="button button--block button--ghost" disabled={disabled} onClick={onBuyNow}>
        {m.buyNow}
      </button>
    </div>
  );
}

export function ProductDetail({ product, headerAction, onAdded, sizeGuide }: ProductDetailProps) {
  const navigate = useNavigate();
  // A choice is the shopper's; a product's only colour or size is chosen for her on every path (the server's page,
  // a page opened from a card while its variants load, decision 250), derived on each render rather than stored.
  const [pickedColor, setColorID] = useState<number | null>(null);
  const [pickedSize, setSizeID] = useState<number | null>(null);
  const colorID = pickedColor ?? onlyChoice(product.productVariants, 'colorID');
  const sizeID = pickedSize ?? onlyChoice(product.productVariants, 'sizeID');
  const { add, busy, missing } = useAddToCart(product, sizeID, colorID);
  const colors = colorOptions(product.productVariants, sizeID);
  const sizes = sizeOptions(product.productVariants, colorID);
  const soldOut = totalStock(product) <= 0;
  const images = galleryImages(product, colorID);
  // A cream or a perfume in "no colour" only (decision 216): chosen up front, no picker, no colour named.
  const colourless = isColourless(product.productVariants);
  const chosenColor = colors.find((c) => c.colorID === colorID && !isNoColour(c));
  const chosen = product.productVariants.find((v) => v.colorID === colorID && v.sizeID === sizeID);
  // A sold-out size/colour may be chosen (decision 233): it cannot go in the cart, the page offers the notice.
  const chosenSoldOut = !!chosen && chosen.stockQuantity <= 0;
  const fewLeft = chosen && chosen.stockQuantity > 0 && chosen.stockQuantity <= FEW_LEFT ? chosen.stockQuantity : null;
  const addButton = useRef<HTMLButtonElement>(null);
  const addToCart = () => void add((result, v) => result !== 'failed' && onAdded?.(v));

  return (
    <div className="product container">
      <ProductBreadcrumb product={product} />
      <div className="product__layout">
        <ProductGallery
          urls={images}
          name={chosenColor ? `${product.name} — ${chosenColor.colorName}` : product.name}
          soldOut={soldOut}
        />
        <div className="product__info">
          <ProductHeading product={product} headerAction={headerAction} />
          {soldOut && <p className="product__sold-out-note">{m.soldOutNote}</p>}
          {colors.length > 0 && !colourless && (
            <ColorChoices colors={colors} colorID={colorID} missing={missing?.color ?? false} onChoose={setColorID} />
          )}
          {sizes.length > 0 && (
            <SizeChoices
              sizes={sizes}
              sizeID={sizeID}
              missing={missing?.size ?? false}
              onChoose={setSizeID}
              guide={sizeGuide ? { guide: sizeGuide, productName: product.name } : undefined}
            />
          )}
          {chosenSoldOut && <BackInStockOffer key={chosen.variantID} variant={chosen} />}
          {fewLeft !== null && (
            <p className="product__few-left" data-testid="few-left">
              {plural(m.fewLeft, fewLeft)}
            </p>
          )}
          <ProductButtons
            addButton={addButton}
            disabled={busy || soldOut || chosenSoldOut}
            onAdd={addToCart}
            onBuyNow={() => void add((result) => result !== 'failed' && void navigate({ to: '/cart' }))}
          />
          {product.description && <ProductDescription text={product.description} />}
          <ProductTextFields product={product} />
          {chosenColor && (
            <p className="visually-hidden" aria-live="polite">
              {fill(m.selectedColor, { name: chosenColor.colorName })}
            </p>
          )}
        </div>
      </div>
      {!soldOut && (
        <StickyBuyBar
          product={product}
          watch={addButton}
          busy={busy}
          ready={!!chosen && !chosenSoldOut}
          onAdd={addToCart}
        />
      )}
    </div>
  );
}
