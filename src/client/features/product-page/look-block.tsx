// "Plotëso stilin" on the product page (issue 37, decision 276): the other pieces of each look holding the product,
// with their prices; each piece has its own size picker (a native select: one per piece keeps the block compact) and
// its own "Shto" that puts that variant in the cart in one tap. A sold-out piece or size offers "Më njofto" instead
// (decision 233). The look's set discount is named; the server prices it in the cart. Its own chunk: loaded only for
// a product that has a look (product-looks.tsx), so pages without one carry none of this.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { ProductDto, ProductVariantDto } from '#shared/dto/catalog';
import type { ProductLookDto } from '#shared/dto/looks';
import { colourAndSize, lineColour } from '#shared/colours';
import { fill } from '#shared/messages';
import { lookMessages as m } from '#shared/messages/looks';
import { Price } from '#client/components/ui/price';
import { ProductImage } from '#client/components/ui/product-image';
import { addVariantToCart } from '#client/lib/add-variant';
import { BackInStockOffer } from './back-in-stock-offer';
import { galleryImages, isColourless, onlyChoice, totalStock } from './variant-options';

const variantLabel = (p: ProductDto, v: ProductVariantDto) =>
  isColourless(p.productVariants) || onlyChoice(p.productVariants, 'colorID') !== null
    ? v.sizeName
    : colourAndSize(lineColour(v), v.sizeName, ', ');

function LookPiece({ piece }: { piece: ProductDto }) {
  const id = useId();
  const variants = piece.productVariants;
  const [picked, setPicked] = useState<number | null>(variants.length === 1 ? variants[0]!.variantID : null);
  const [busy, setBusy] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  // A size chosen in the server's HTML before this chunk arrived: the select shows it, but React does not replay a
  // change inside a boundary it hydrates late, so the state takes it from the element once (else "Shto" would refuse
  // a size the shopper sees chosen).
  useEffect(() => {
    const shown = Number(select.current?.value);
    if (shown && variants.some((v) => v.variantID === shown)) setPicked((p) => p ?? shown);
  }, [variants]);
  const chosen = variants.find((v) => v.variantID === picked) ?? null;
  const soldOut = totalStock(piece) <= 0;
  const image = galleryImages(piece, chosen?.colorID ?? null, 1)[0] ?? piece.imageURLs[0] ?? '';
  const add = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      await addVariantToCart(piece, chosen, image);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="look-piece" data-testid="look-piece" data-product-id={piece.productID}>
      <Link to="/productDetails/$productID" params={{ productID: piece.productID }} className="look-piece__image">
        <ProductImage url={image} size="small" alt={piece.name} width={160} height={200} />
      </Link>
      <div className="look-piece__body">
        <Link to="/productDetails/$productID" params={{ productID: piece.productID }} className="look-piece__name">
          {piece.name}
        </Link>
        <Price price={piece.price} discountedPrice={piece.discountedPrice} />
        {soldOut && <p className="look-piece__sold-out">{m.soldOut}</p>}
        <div className="look-piece__choose">
          <label htmlFor={`${id}-size`}>{m.chooseSize}</label>
          <select
            ref={select}
            id={`${id}-size`}
            value={picked ?? ''}
            onChange={(e) => setPicked(e.target.value ? Number(e.target.value) : null)}
          >
            {variants.length > 1 && <option value="">{m.choosePlaceholder}</option>}
            {variants.map((v) => (
              <option key={v.variantID} value={v.variantID}>
                {v.stockQuantity > 0 ? variantLabel(piece, v) : fill(m.sizeSoldOut, { size: variantLabel(piece, v) })}
              </option>
            ))}
          </select>
        </div>
        {chosen && chosen.stockQuantity <= 0 ? (
          <BackInStockOffer key={chosen.variantID} variant={chosen} />
        ) : (
          <button
            type="button"
            className="button look-piece__add"
            disabled={busy || !chosen}
            title={chosen ? undefined : m.sizeFirst}
            onClick={() => void add()}
          >
            {chosen ? m.add : m.sizeFirst}
          </button>
        )}
      </div>
    </li>
  );
}

export default function LookBlock({ looks, productID }: { looks: ProductLookDto[]; productID: number }) {
  return (
    <section className="looks container" aria-labelledby="looks-title" data-testid="product-looks">
      <h2 id="looks-title" className="looks__title">
        {m.heading}
      </h2>
      {looks.map((look) => (
        <div key={look.lookID} className="look" data-testid="look">
          <div className="look__head">
            {look.photoURL && (
              <ProductImage
                className="look__photo"
                url={look.photoURL}
                size="small"
                alt={look.name}
                width={120}
                height={150}
              />
            )}
            <div>
              <h3 className="look__name">{look.name}</h3>
              {look.discountPercentage !== null && (
                <p className="look__discount" data-testid="look-discount-badge">
                  {fill(m.setDiscount, { percent: look.discountPercentage })}
                </p>
              )}
            </div>
          </div>
          <ul className="look__pieces">
            {look.pieces
              .filter((p) => p.productID !== productID)
              .map((p) => (
                <LookPiece key={p.productID} piece={p} />
              ))}
          </ul>
        </div>
      ))}
      <p className="looks__all">
        <Link to="/stilet">{m.seeAll}</Link>
      </p>
    </section>
  );
}
