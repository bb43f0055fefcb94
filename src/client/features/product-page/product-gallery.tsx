// Product gallery: the main picture (full size) and up to 4 thumbnails of the chosen colour.
import { useEffect, useState } from 'react';
import { fill } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { ProductImage } from '#client/components/ui/product-image';

export function ProductGallery({ urls, name, soldOut }: { urls: string[]; name: string; soldOut: boolean }) {
  const [current, setCurrent] = useState(0);
  const key = urls.join('|');
  useEffect(() => setCurrent(0), [key]);
  const main = urls[Math.min(current, urls.length - 1)];
  return (
    <section className={`gallery${soldOut ? ' gallery--sold-out' : ''}`} aria-label={productMessages.gallery}>
      <div className="gallery__main">
        <ProductImage
          key={main}
          url={main}
          size="full"
          alt={name}
          width={800}
          height={1000}
          loading="eager"
          fetchPriority="high"
          className="gallery__img"
          data-testid="gallery-main"
        />
        {soldOut && (
          <span className="gallery__banner" data-testid="sold-out-banner">
            {productMessages.soldOut}
          </span>
        )}
      </div>
      {urls.length > 1 && (
        <ul className="gallery__thumbs">
          {urls.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                className={`gallery__thumb${i === current ? ' gallery__thumb--current' : ''}`}
                aria-pressed={i === current}
                aria-label={fill(productMessages.showImage, { n: i + 1 })}
                onClick={() => setCurrent(i)}
              >
                <ProductImage url={url} size="small" alt="" width={100} height={125} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
