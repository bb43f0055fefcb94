// Per-page <title>, description and Open Graph tags for the HTML the server sends (shared links show a preview).
import { messages } from '../../shared/messages';
import { staffMessages } from '../../shared/messages-staff';
import type { AppDeps } from '../deps';
import { productPageMeta } from '../modules/catalog/catalog.meta';

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
  type?: 'website' | 'product';
  priceEuros?: number;
}

const m = messages;
const STATIC: Record<string, Omit<PageMeta, 'type'>> = {
  '/': { title: m.home.title, description: m.home.description },
  '/contactus': { title: `${m.contact.title} | Butiku`, description: m.contact.intro },
  '/products': { title: `${m.nav.products} | Butiku`, description: m.home.description },
  '/glow-outlet': { title: `${m.nav.glowOutlet} | Butiku`, description: 'Kujdesi për lëkurën, grimi dhe parfumet në Glow Outlet.' },
  '/account': { title: `${m.account.login} | Butiku`, description: m.home.description },
  '/wishlist': { title: `${m.wishlist.title} | Butiku`, description: m.home.description },
  '/profile': { title: `${m.profile.title} | Butiku`, description: m.home.description },
  '/cart': { title: `${m.cart.title} | Butiku`, description: m.home.description },
  '/checkout': { title: `${m.checkout.title} | Butiku`, description: m.home.description },
};

export async function resolvePageMeta(deps: AppDeps, pathname: string): Promise<PageMeta> {
  const product = /^\/productDetails\/(\d+)\/?$/.exec(pathname);
  if (product) {
    const meta = await productPageMeta(deps, Number(product[1]));
    if (meta) return meta;
  }
  if (pathname.startsWith('/dashboard')) return { title: `${staffMessages.dashboard.title} | Butiku`, description: m.home.description, type: 'website' };
  if (pathname.startsWith('/products/')) return { ...STATIC['/products']!, type: 'website' };
  if (pathname.startsWith('/glow-outlet/')) return { ...STATIC['/glow-outlet']!, type: 'website' };
  const known = STATIC[pathname.replace(/\/$/, '') || '/'];
  return { ...(known ?? STATIC['/']!), type: 'website' };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function renderMetaTags(meta: PageMeta, origin: string, pathname: string, messengerUrl?: string): string {
  const url = origin + pathname;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:site_name" content="Butiku">`,
    `<meta property="og:locale" content="sq_AL">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
  ];
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeHtml(meta.image.startsWith('http') ? meta.image : origin + meta.image)}">`);
  if (meta.priceEuros !== undefined) {
    tags.push(`<meta property="product:price:amount" content="${meta.priceEuros.toFixed(2)}">`);
    tags.push(`<meta property="product:price:currency" content="EUR">`);
  }
  if (messengerUrl) tags.push(`<meta name="butiku:messenger" content="${escapeHtml(messengerUrl)}">`);
  tags.push(`<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`);
  return tags.join('\n    ');
}
