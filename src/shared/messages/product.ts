// The product page's texts (pickers, gallery, add to cart, size guide; shopper, Albanian). Own module of the
// shopper catalogue, imported by the product page, the cart and the server, so the home page's first load does not
// carry it (decision 214). Interpolate with fill(), counts with plural().

export const productMessages = {
  addToCart: 'Shto në shportë',
  buyNow: 'Blej tani',
  related: 'Mund të pëlqeni',
  soldOut: 'SHITUR',
  loadFailed: 'Produkti nuk mund të ngarkohej.',
  notFound: 'Produkti nuk u gjet.',
  variantFailed: 'Të dhënat e variantit të produktit nuk mund të merreshin.',
  brand: 'Marka',
  color: 'Ngjyra',
  size: 'Madhësia',
  description: 'Përshkrimi',
  selectSizeAndColor: 'Ju lutemi zgjidhni madhësinë dhe ngjyrën.',
  /** A product with no colour (a cream, a perfume) asks for its size alone (decision 216). */
  selectSize: 'Ju lutemi zgjidhni madhësinë.',
  invalidChoice: 'Zgjedhje e pavlefshme për madhësi ose ngjyrë.',
  variantNotFound: 'Nuk u gjet varianti i produktit.',
  maxInCart: 'E keni shtuar sasinë maksimale të këtij produkti në shportë.',
  addedToCart: 'Produkti u shtua në shportë me sukses!',
  addToCartFailed: 'Gabim gjatë shtimit në shportë.',
  outOfStock: 'nuk ka në stok',
  thumbnail: 'Foto {n} e {name}',
  breadcrumb: 'Shtegu i navigimit',
  gallery: 'Galeria e fotove',
  showImage: 'Shfaq foton {n}',
  chooseColor: 'Zgjidhni ngjyrën',
  chooseSize: 'Zgjidhni madhësinë',
  soldOutNote: 'Ky produkt është shitur. Shikoni produktet e ngjashme më poshtë.',
  selectedColor: 'Ngjyra e zgjedhur: {name}',
  pickColor: 'Zgjidhni një ngjyrë për të vazhduar.',
  pickSize: 'Zgjidhni një madhësi për të vazhduar.',
  fewLeft: { one: 'Vetëm {n} e mbetur', other: 'Vetëm {n} të mbetura' },
  /** The phone's bar with the name, price and "Shto në shportë" once the page's own button scrolled away. */
  buyBar: 'Blerje e shpejtë',
  /** The size guide's link beside the size picker and its dialog (issue 26). */
  sizeGuide: 'Udhëzuesi i masave',
  sizeGuideTitle: 'Udhëzuesi i masave: {name}',
  sizeGuideUnit: 'Të gjitha masat janë në centimetra (cm).',
  sizeGuideChosen: 'Madhësia juaj e zgjedhur',
  sizeGuideHowTo: 'Si të maten',
} as const;
