// The shop's external links and map location (the texts themselves live in messages.shop/footer).

/** The server writes MESSENGER_URL into <meta name="butiku:messenger"> of every page it sends. */
function messengerUrl(): string {
  const fromServer =
    typeof document === 'undefined'
      ? null
      : document.querySelector('meta[name="butiku:messenger"]')?.getAttribute('content');
  return fromServer && /^https:\/\//.test(fromServer) ? fromServer : 'https://m.me/butiku.shop';
}

export const SHOP_LINKS = {
  messenger: messengerUrl(),
  facebook: 'https://www.facebook.com/butiku.shop',
  instagram: 'https://www.instagram.com/butiku.shop',
  tiktok: 'https://www.tiktok.com/@butiku.shop',
} as const;

/** Ferizaj town centre, Kosovo. */
const LAT = 42.3702;
const LON = 21.1553;

/** OpenStreetMap embed (the only framed origin the CSP allows) and a link to the full map. */
export const SHOP_MAP = {
  embed: `https://www.openstreetmap.org/export/embed.html?bbox=${LON - 0.012}%2C${LAT - 0.006}%2C${LON + 0.012}%2C${LAT + 0.006}&layer=mapnik&marker=${LAT}%2C${LON}`,
  link: `https://www.openstreetmap.org/?mlat=${LAT}&mlon=${LON}#map=16/${LAT}/${LON}`,
} as const;

/** tel: link form of a display phone number. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
