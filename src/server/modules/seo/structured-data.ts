// schema.org JSON-LD for the server's HTML: Product + Offer and BreadcrumbList on product pages,
// ClothingStore (an Organization) with the Ferizaj address and phones on the home page.
import { lineColour } from '#shared/colours';
import { messages } from '#shared/messages';
import type { ProductDto } from '#shared/dto/catalog';
import type { ProductReviewsDto } from '#shared/dto/reviews';
import { DEFAULT_IMAGE, absolute, isGtin, listingBase } from './seo.service';

type JsonLd = Record<string, unknown>;
const CONTEXT = 'https://schema.org';

/** The shop's contact details, as the footer and the contact page show them (messages.shop). */
export function shopAddress() {
  // 'Rruga Adem Jashari 12, Ferizaj 70000, Kosovë'
  const [street = '', town = ''] = messages.shop.address.split(',').map((s) => s.trim());
  const m = /^(.*?)\s+(\d{4,6})$/.exec(town);
  return { streetAddress: street, addressLocality: m ? m[1]! : town, postalCode: m ? m[2]! : '', addressCountry: 'XK' };
}

const OPENING = (/(\d{2}:\d{2})\s*[–-]\s*(\d{2}:\d{2})/.exec(messages.footer.openingHours)?.slice(1, 3) ?? [
  '09:00',
  '20:00',
]) as [string, string];

export function storeJsonLd(origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'ClothingStore',
    '@id': `${origin}/#shop`,
    name: 'Butiku',
    description: messages.home.description,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    image: `${origin}/favicon.svg`,
    email: messages.shop.email,
    telephone: messages.shop.phone1,
    contactPoint: [messages.shop.phone1, messages.shop.phone2].map((telephone) => ({
      '@type': 'ContactPoint',
      telephone,
      contactType: 'customer service',
      areaServed: 'XK',
      availableLanguage: 'sq',
    })),
    address: { '@type': 'PostalAddress', ...shopAddress() },
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
      // 'E hënë – E shtunë, 09:00 – 20:00' (footer): Monday to Saturday, the hours from the text.
      opens: OPENING[0],
      closes: OPENING[1],
    },
    currenciesAccepted: 'EUR',
    paymentAccepted: 'Cash',
  };
}

const euros = (n: number) => n.toFixed(2);

/**
 * The rating and the reviews shown (decision 234), only when approved reviews exist: a product without any carries
 * neither (an empty aggregateRating is invalid structured data). Text as the buyers typed it; the script element's
 * serialiser escapes `<`.
 */
function reviewsJsonLd(reviews: ProductReviewsDto | undefined): JsonLd {
  if (!reviews || reviews.count === 0 || reviews.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.average.toFixed(1),
      reviewCount: reviews.count,
      bestRating: '5',
      worstRating: '1',
    },
    review: reviews.items.map((r) => ({
      '@type': 'Review',
      name: r.title,
      reviewBody: r.body,
      datePublished: r.createdAt.slice(0, 10),
      author: { '@type': 'Person', name: r.authorName },
      reviewRating: { '@type': 'Rating', ratingValue: String(r.rating), bestRating: '5', worstRating: '1' },
    })),
  };
}

export function productJsonLd(p: ProductDto, origin: string, reviews?: ProductReviewsDto): JsonLd {
  const url = `${origin}/productDetails/${p.productID}`;
  const images = p.images.flatMap((g) => g.imageURLs);
  const barcode = p.barcode.trim();
  const inStock = p.productVariants.some((v) => v.stockQuantity > 0);
  const discounted = p.discountedPrice !== null && p.discountedPrice < p.price;
  const colours = [...new Set(p.productVariants.map(lineColour).filter(Boolean))];
  const offer: JsonLd = {
    '@type': 'Offer',
    url,
    priceCurrency: 'EUR',
    price: euros(discounted ? p.discountedPrice! : p.price),
    availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@id': `${origin}/#shop` },
  };
  // While a discount is active the offer's price is the sale price and the list price is the strikethrough price.
  if (discounted)
    offer.priceSpecification = {
      '@type': 'UnitPriceSpecification',
      priceType: 'https://schema.org/StrikethroughPrice',
      price: euros(p.price),
      priceCurrency: 'EUR',
    };
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': `${url}#product`,
    name: p.name,
    description: p.description || p.name,
    url,
    image: (images.length ? images : p.imageURLs.length ? p.imageURLs : [DEFAULT_IMAGE]).map((u) =>
      absolute(origin, u),
    ),
    sku: barcode || String(p.productID),
    ...(isGtin(barcode) ? { gtin: barcode } : barcode ? { mpn: barcode } : {}),
    brand: { '@type': 'Brand', name: p.brand || 'Butiku' },
    category: p.categoryName,
    ...(colours.length ? { color: colours.join(', ') } : {}),
    offers: offer,
    ...reviewsJsonLd(reviews),
  };
}

export function breadcrumbJsonLd(p: ProductDto, origin: string): JsonLd {
  const base = listingBase(p.mainCategoryID);
  const trail = [
    { name: messages.nav.home, item: `${origin}/` },
    { name: base === '/glow-outlet' ? messages.nav.glowOutlet : messages.nav.products, item: `${origin}${base}` },
    { name: p.categoryName, item: `${origin}${base}/${p.categoryID}` },
    { name: p.name, item: `${origin}/productDetails/${p.productID}` },
  ];
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((t, i) => ({ '@type': 'ListItem', position: i + 1, name: t.name, item: t.item })),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the script element. */
export const jsonLdScript = (data: JsonLd): string =>
  `<script type="application/ld+json">${JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}</script>`;
