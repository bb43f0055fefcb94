// Product detail: breadcrumb, gallery, name, brand, price, description, colour circles, size chips,
// "Shto Në Shportë" / "Blej Tani" (checks live stock, then adds to the local cart), SHITUR banner.
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import type { ProductDto } from '../../../shared/dto/catalog';
import { fill, messages } from '../../../shared/messages';
import { effectivePrice, Price } from '../../components/ui/price';
import { addToCart, readCart } from '../../lib/cart-store';
import { trpc } from '../../lib/trpc';
import { ProductGallery } from './product-gallery';
import { chooseVariant, colorOptions, galleryImages, sizeOptions, totalStock } from './variant-options';

const m = messages.product;

interface ProductDetailProps {
  product: ProductDto;
  /** Control beside the product name (the wishlist heart), supplied by the route. */
  headerAction?: ReactNode;
}

export function ProductDetail({ product, headerAction }: ProductDetailProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [colorID, setColorID] = useState<number | null>(null);
  const [sizeID, setSizeID] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const colors = colorOptions(product.productVariants, sizeID);
  const sizes = sizeOptions(product.productVariants, colorID);
  const stock = totalStock(product);
  const soldOut = stock <= 0;
  const images = galleryImages(product, colorID);
  const chosenColor = colors.find((c) => c.colorID === colorID);
  const base = product.mainCategoryID === 2 ? '/glow-outlet' : '/products';

  const add = async (then?: () => void) => {
    const choice = chooseVariant(product, sizeID, colorID);
    if (!choice.ok) {
      toast.error(choice.reason === 'select' ? m.selectSizeAndColor : choice.reason === 'invalid' ? m.invalidChoice : m.variantNotFound);
      return;
    }
    setBusy(true);
    try {
      let live: { stockQuantity: number };
      try {
        live = await queryClient.fetchQuery({ ...trpc.catalog.variant.queryOptions({ variantId: choice.variant.variantID }), staleTime: 0 });
      } catch {
        toast.error(m.variantFailed);
        return;
      }
      const v = choice.variant;
      const result = addToCart({
        productVariantId: v.variantID,
        productId: product.productID,
        productName: product.name,
        productPrice: effectivePrice(product.price, product.discountedPrice),
        size: v.sizeName,
        color: v.colorName,
        imageUrl: galleryImages(product, v.colorID, 1)[0] ?? '',
        stockQuantity: live.stockQuantity,
      });
      if (result === 'max-reached') {
        toast.error(m.maxInCart);
        if (then && readCart().some((i) => i.productVariantId === v.variantID)) then();
        return;
      }
      toast.success(m.addedToCart);
      then?.();
    } catch {
      toast.error(m.addToCartFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="product container">
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
              <Link to={`${base}/$categoryID` as '/products/$categoryID'} params={{ categoryID: String(product.categoryID) }}>
                {product.categoryName}
              </Link>
            </li>
          )}
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="product__layout">
        <ProductGallery urls={images} name={chosenColor ? `${product.name} — ${chosenColor.colorName}` : product.name} soldOut={soldOut} />
        <div className="product__info">
          {product.brand && <p className="product__brand">{product.brand}</p>}
          <div className="product__title-row">
            <h1 className="product__name">{product.name}</h1>
            {headerAction && <div className="product__action">{headerAction}</div>}
          </div>
          <div className="product__price">
            <Price price={product.price} discountedPrice={product.discountedPrice} size="lg" />
            {product.discountPercentage && product.discountedPrice != null && product.discountedPrice < product.price ? (
              <span className="product__save">−{product.discountPercentage}%</span>
            ) : null}
          </div>
          {soldOut && <p className="product__sold-out-note">{m.soldOutNote}</p>}

          {colors.length > 0 && (
            <div className="option-group" role="group" aria-labelledby="color-label">
              <p className="option-group__label" id="color-label">
                {m.color}: <span className="option-group__value">{chosenColor?.colorName ?? m.chooseColor}</span>
              </p>
              <div className="color-options">
                {colors.map((c) => (
                  <button
                    key={c.colorID}
                    type="button"
                    className={`color-option${c.colorID === colorID ? ' color-option--selected' : ''}`}
                    aria-pressed={c.colorID === colorID}
                    aria-label={c.available ? c.colorName : `${c.colorName} — ${m.outOfStock}`}
                    title={c.colorName}
                    disabled={!c.available && c.colorID !== colorID}
                    onClick={() => setColorID((cur) => (cur === c.colorID ? null : c.colorID))}
                    data-color-name={c.colorName}
                  >
                    <span className="color-option__dot" style={{ background: c.hexCode || c.colorName }} />
                  </button>
                ))}
              </div>
            </div>
          )}

          {sizes.length > 0 && (
            <div className="option-group" role="group" aria-labelledby="size-label">
              <p className="option-group__label" id="size-label">
                {m.size}: <span className="option-group__value">{sizes.find((s) => s.sizeID === sizeID)?.sizeName ?? m.chooseSize}</span>
              </p>
              <div className="size-options">
                {sizes.map((s) => (
                  <button
                    key={s.sizeID}
                    type="button"
                    className={`size-option${s.sizeID === sizeID ? ' size-option--selected' : ''}`}
                    aria-pressed={s.sizeID === sizeID}
                    aria-label={s.available ? s.sizeName : `${s.sizeName} — ${m.outOfStock}`}
                    disabled={!s.available && s.sizeID !== sizeID}
                    onClick={() => setSizeID((cur) => (cur === s.sizeID ? null : s.sizeID))}
                  >
                    {s.sizeName}
                  </button>
                ))}
              </div>
            </div>
          )}

          <div className="product__buttons">
            <button type="button" className="button button--block" disabled={busy || soldOut} onClick={() => void add()}>
              {m.addToCart}
            </button>
            <button type="button" className="button button--block button--ghost" disabled={busy || soldOut} onClick={() => void add(() => void navigate({ to: '/cart' }))}>
              {m.buyNow}
            </button>
          </div>

          {product.description && (
            <div className="product__description">
              <h2 className="product__subheading">{m.description}</h2>
              {product.description.split(/\n{2,}/).map((para, i) => (
                <p key={i}>{para}</p>
              ))}
            </div>
          )}
          {chosenColor && (
            <p className="visually-hidden" aria-live="polite">
              {fill(m.selectedColor, { name: chosenColor.colorName })}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
