// A product card (listing, home carousels, related products): picture with hover picture, name, brand, price;
// sold-out cards are blurred with a SHITUR badge. `action` is a slot for a control over the picture (wishlist heart).
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { ProductCardDto } from '#shared/dto/catalog';
import { messages, plural } from '#shared/messages';
import { formatRating } from '#shared/rating';
import { hasSale, Price } from './price';
import { ProductImage } from './product-image';

interface ProductCardProps {
  product: ProductCardDto;
  /** Control rendered over the picture, outside the link (e.g. the wishlist heart). */
  action?: ReactNode;
  /** Heading level of the product name inside the surrounding page outline. */
  headingLevel?: 2 | 3;
  /** Load the picture eagerly (first cards above the fold). */
  eager?: boolean;
}

export function ProductCard({ product, action, headingLevel = 3, eager = false }: ProductCardProps) {
  const { rating } = product;
  const soldOut = product.stockQuantity <= 0;
  const sale = hasSale(product.price, product.discountedPrice);
  const hoverUrl = !soldOut ? product.imageURLs[1] : undefined;
  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  return (
    <article
      className={`product-card${soldOut ? ' product-card--sold-out' : ''}`}
      data-testid="product-card"
      data-product-id={product.productID}
    >
      <Link to="/productDetails/$productID" params={{ productID: product.productID }} className="product-card__link">
        <div className="product-card__media">
          <ProductImage
            url={product.imageURLs[0]}
            size="small"
            alt={product.name}
            width={400}
            height={500}
            className="product-card__img"
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
          />
          {hoverUrl && (
            <ProductImage
              url={hoverUrl}
              size="small"
              alt=""
              width={400}
              height={500}
              className="product-card__img product-card__img--hover"
            />
          )}
          {soldOut && <span className="product-card__badge product-card__badge--sold">{messages.card.soldOut}</span>}
          {!soldOut && sale && product.discountPercentage ? (
            <span className="product-card__badge product-card__badge--sale">−{product.discountPercentage}%</span>
          ) : null}
        </div>
        <div className="product-card__body">
          {product.brand && <p className="product-card__brand">{product.brand}</p>}
          <Heading className="product-card__name">{product.name}</Heading>
          <Price price={product.price} discountedPrice={product.discountedPrice} />
          {rating && (
            <p className="product-card__rating">
              <span aria-hidden="true">
                ★ {formatRating(rating.average)} ({rating.count})
              </span>
              <span className="visually-hidden">
                {plural(messages.card.rating, rating.count, { average: formatRating(rating.average) })}
              </span>
            </p>
          )}
        </div>
      </Link>
      {action && <div className="product-card__action">{action}</div>}
    </article>
  );
}
