// The one message catalogue: every user-facing text of storefront and dashboard, all in Albanian.
// Sections per domain; interpolate with fill(). Staff dashboard texts live in messages-staff.ts (same catalogue,
// own module so storefront pages never download them). The spec's Albanian texts are kept verbatim, its English
// ones are translated (decisions 008, 209); messages-language.test.ts refuses English left behind.

export const messages = {
  common: {
    shopName: 'Butiku',
    loading: 'Duke u ngarkuar…',
    save: 'Ruaj',
    cancel: 'Anulo',
    delete: 'Fshij',
    edit: 'Ndrysho',
    add: 'Shto',
    close: 'Mbyll',
    ok: 'OK',
    yes: 'Po',
    no: 'Jo',
    search: 'Kërko',
    searchPlaceholder: 'Kërko produkte…',
    noResults: 'Asnjë rezultat.',
    required: 'Kjo fushë është e detyrueshme.',
    invalidNumber: 'Vendosni një numër të vlefshëm.',
    invalidId: 'Identifikues i pavlefshëm.',
    invalidInput: 'Të dhënat nuk janë të vlefshme.',
    notFound: 'Nuk u gjet.',
    pageNotFound: 'Faqja nuk u gjet.',
    backHome: 'Kthehu në faqen kryesore',
    serverError: 'Ndodhi një gabim. Ju lutemi provoni përsëri.',
    previous: 'E mëparshmja',
    next: 'Tjetra',
    page: 'Faqja',
    pause: 'Ndalo',
    /** Screen readers' names for a slideshow and one of its slides (aria-roledescription). */
    carousel: 'karusel',
    slide: 'slajd',
    /** The toasts' region and each toast's close button (screen readers). */
    notifications: 'Njoftimet',
    closeNotification: 'Mbyll njoftimin',
    sessionExpired: 'Sesioni ka skaduar. Ju lutemi kyçuni përsëri.',
  },
  nav: {
    home: 'Kryesore',
    products: 'Produktet',
    glowOutlet: 'Glow Outlet',
    contact: 'Kontakti',
    dashboard: 'Paneli',
    profile: 'Profili',
    account: 'Identifikimi',
    wishlist: 'Lista e dëshirave',
    cart: 'Shporta',
    openMenu: 'Hap menynë',
    closeMenu: 'Mbyll menynë',
    chat: 'Na shkruani në Messenger',
    skipToContent: 'Kalo te përmbajtja',
    mainNav: 'Navigimi kryesor',
    searchLabel: 'Kërko produkte sipas emrit, markës ose çmimit',
    searchResults: 'Rezultatet e kërkimit',
    searchCount: { one: '{n} rezultat', other: '{n} rezultate' },
    searching: 'Duke kërkuar…',
    seeAllResults: 'Shiko të gjitha',
    searchPageTitle: 'Kërkimi: “{q}”',
    searchPageEmptyQuery: 'Shkruani në kutinë e kërkimit se çfarë po kërkoni.',
    categoriesOf: 'Kategoritë: {name}',
    allProducts: 'Të gjitha produktet',
    wishlistCount: { one: 'Lista e dëshirave, {n} produkt', other: 'Lista e dëshirave, {n} produkte' },
    cartCount: { one: 'Shporta, {n} artikull', other: 'Shporta, {n} artikuj' },
    notFoundText: 'Faqja që kërkoni nuk ekziston ose është zhvendosur.',
    notFoundSearch: 'Kërkoni atë që ju duhet',
    notFoundCategories: 'Ose shfletoni kategoritë',
    errorTitle: 'Diçka shkoi keq',
    errorText: 'Kjo faqe nuk u shfaq dot. Provoni përsëri ose kthehuni në faqen kryesore.',
    tryAgain: 'Provo përsëri',
  },
  footer: {
    about: 'Butiku — moda dhe bukuria për Kosovën, me dërgesë në gjithë rajonin.',
    contactHeading: 'Na kontaktoni',
    linksHeading: 'Lidhje',
    followHeading: 'Na ndiqni',
    rights: 'Të gjitha të drejtat e rezervuara.',
    mapLink: 'Shiko në hartë',
    openingHours: 'E hënë – E shtunë, 09:00 – 20:00',
    newTab: '(hapet në dritare të re)',
    orderStatusLink: 'Gjendja e porosisë',
    returnsLink: 'Kthimet dhe ndërrimet',
    looksLink: 'Stilet (Plotëso stilin)',
  },
  /** The shop itself: the footer, the contact page, e-mails and structured data show it. */
  shop: {
    address: 'Rruga Adem Jashari 12, Ferizaj 70000, Kosovë',
    email: 'info@butiku.shop',
    phone1: '+383 44 123 456',
    phone2: '+383 49 654 321',
  },
  seo: {
    productsDescription:
      'Veshje, këpucë, çanta dhe aksesorë për femra dhe meshkuj, me pagesë në dorëzim dhe dërgesë në gjithë Kosovën.',
    glowDescription: 'Kujdesi për lëkurën, grimi dhe parfumet në Glow Outlet.',
    categoryDescription: '{category} në Butiku: {listing}, me pagesë në dorëzim dhe dërgesë në gjithë Kosovën.',
    page: 'Faqja {n}',
    notFoundTitle: 'Faqja nuk u gjet',
  },
  home: {
    title: 'Butiku — Moda dhe bukuria online në Kosovë',
    description: 'Veshje, këpucë, çanta dhe produkte bukurie me dërgesë në Kosovë dhe rajon.',
    seeMore: 'SHIKO MË SHUMË',
    styleTip: 'KËSHILLË STILI',
    latest: 'Risitë më të fundit për ju',
    loadingFeatured: 'Duke ngarkuar produktet e veçuara...',
    noFeatured: 'Nuk ka produkte të veçuara.',
    previousSlide: 'Slajdi i mëparshëm',
    nextSlide: 'Slajdi tjetër',
    slideshow: 'Koleksionet kryesore',
    slideOf: 'Slajdi {n} nga {total}',
    goToSlide: 'Shko te slajdi {n}',
    pauseSlideshow: 'Ndalo slajdet',
    playSlideshow: 'Luaj slajdet',
    slides: [
      {
        title: 'Koleksioni i ri i sezonit',
        description: 'Prerje të pastra, materiale të buta dhe ngjyra të ngrohta për çdo ditë të javës.',
        alt: 'Fustan i lehtë dhe çantë në tonet e kremit',
      },
      {
        title: 'Shkëlqeni me Glow Outlet',
        description: 'Kujdesi për lëkurën, grimi dhe parfumet që i doni, me çmime që ju bëjnë të buzëqeshni.',
        alt: 'Shishe parfumi dhe kremra në sfond rozë',
      },
      {
        title: 'Këpucë për çdo hap',
        description: 'Nga atletet e përditshme te takat për mbrëmje: rehati dhe stil në një.',
        alt: 'Këpucë me takë dhe atlete të bardha',
      },
      {
        title: 'Detajet bëjnë diferencën',
        description: 'Çanta, shalle dhe aksesorë që plotësojnë çdo veshje me një prekje elegante.',
        alt: 'Çantë dore, syze dielli dhe varëse',
      },
    ],
    styleTipTitle: 'Një ngjyrë, tre nuanca',
    styleTipText:
      'Vishni të njëjtën ngjyrë në nuanca të ndryshme — bezhë, krem dhe kafe e lehtë — për një pamje të gjatë e elegante. Shtoni një aksesor në ngjyrë të fortë dhe veshja merr jetë.',
    styleTipCta: 'Zbulo produktet',
    latestIntro: 'Pjesët më të reja të zgjedhura nga ekipi ynë, të gatshme për t’u bërë të tuat.',
    carouselLabel: 'Produktet e reja, grupi {n}',
    previousProduct: 'Produktet e mëparshme',
    nextProduct: 'Produktet e tjera',
    promises: [
      { title: 'Dërgesë në gjithë Kosovën', text: 'Porosia juaj arrin brenda 1–3 ditëve pune.' },
      { title: 'Pagesë në dorëzim', text: 'Paguani kur ta keni pakon në dorë.' },
      { title: 'Kthim i lehtë', text: 'Nuk ju rri mirë? E ktheni brenda 14 ditëve.' },
    ],
  },
  /** What a product card shows on every catalogue page (the first load): the sold-out badge, the stars, the old price. */
  card: {
    soldOut: 'SHITUR',
    /** A card's stars (decision 234), for screen readers: "4,5 nga 5 yje, 12 vlerësime". */
    rating: { one: '{average} nga 5 yje, {n} vlerësim', other: '{average} nga 5 yje, {n} vlerësime' },
    oldPrice: 'Çmimi i vjetër',
  },
  wishlist: {
    added: 'U shtua në listën e dëshirave',
    removed: 'U largua nga lista e dëshirave',
    error: 'Gabim gjatë përditësimit të listës së dëshirave',
    failed: 'Përditësimi i listës së dëshirave dështoi.',
    loginRequired: 'Ju lutemi kyçuni për të shtuar produkte në listën e dëshirave.',
    add: 'Shto në listën e dëshirave',
    remove: 'Largo nga lista e dëshirave',
    loginTitle: 'Kyçuni',
    redirecting: 'Po ju dërgojmë te faqja e kyçjes…',
    savedAfterLogin: 'Produkti ruhet në listën tuaj sapo të kyçeni.',
  },
  miniCart: {
    title: 'U shtua në shportë',
    close: 'Mbyll shportën',
    viewCart: 'Shiko shportën',
    itemCount: { one: '{n} artikull në shportë', other: '{n} artikuj në shportë' },
  },
} as const;

/** Replaces {name} placeholders: fill('vetëm {n} njësi', { n: 3 }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** A count's text in Albanian's two forms ("1 produkt", "3 produkte"); `{n}` is the count. */
export type PluralText = { one: string; other: string };

const albanianPlurals = new Intl.PluralRules('sq');

/** The one plural helper: picks the form by Intl.PluralRules('sq') and fills `{n}` (and any other values). */
export function plural(text: PluralText, n: number, values: Record<string, string | number> = {}): string {
  return fill(albanianPlurals.select(n) === 'one' ? text.one : text.other, { ...values, n });
}
