// Open Graph data for a product page (name, price, first picture), read through the catalogue cache.
import { formatEuro } from '#shared/money';
import type { AppDeps } from '#server/deps';
import { AppError } from '#server/errors';
import { productById } from './products.service';

const SHORT = 140;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SHORT) return flat;
  const cut = flat.slice(0, SHORT);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SHORT - 20)).trimEnd()}…`;
}

/**
 * What a product page's head says of the product; the page machinery (`http/page-meta.ts`) adds the rest. Its own
 * type, so the catalogue does not import the page machinery (a type-only import closed six import cycles).
 */
export interface ProductHead {
  title: string;
  description: string;
  image?: string;
  type: 'product';
  priceEuros: number;
}

export async function productPageMeta(deps: AppDeps, productId: number): Promise<ProductHead | null> {
  if (!Number.isSafeInteger(productId) || productId <= 0) return null;
  let product;
  try {
    product = (await productById(deps.db, productId)).value;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
  const priceEuros = product.discountedPrice ?? product.price;
  const parts = [product.brand, formatEuro(priceEuros), shorten(product.description)].filter(Boolean);
  return {
    title: `${product.name} | Butiku`,
    description: parts.join(' · '),
    image: product.images[0]?.imageURLs[0] ?? product.imageURLs[0],
    type: 'product',
    priceEuros,
  };
}
