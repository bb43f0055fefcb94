// The demo catalogue's content: categories, colours, sizes, events, countries and product templates (Albanian).
import type { ArtType } from './product-art';

export const COLORS = [
  { name: 'E zezë', hex: '#1c1c1e' },
  { name: 'E bardhë', hex: '#f4f3ef' },
  { name: 'E kuqe', hex: '#b3262e' },
  { name: 'Bezhë', hex: '#d6c1a3' },
  { name: 'Blu marine', hex: '#1f2a44' },
  { name: 'Rozë', hex: '#e7a3b6' },
  { name: 'E gjelbër ulliri', hex: '#6b6b3a' },
  { name: 'Kafe', hex: '#6f4e37' },
  { name: 'Gri', hex: '#8a8d91' },
  { name: 'Blu qielli', hex: '#8fb8de' },
  { name: 'Mustardë', hex: '#d4a017' },
  { name: 'Bordo', hex: '#6d1a2b' },
  { name: 'Lejla', hex: '#b79fd3' },
  { name: 'Pjeshkë', hex: '#f2b896' },
] as const;
export type ColorName = (typeof COLORS)[number]['name'];

export const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const SHOE_SIZES = ['36', '37', '38', '39', '40', '41', '42'] as const;
export const ONE_SIZE = 'Një madhësi';

export const EVENTS = [
  'Black Friday',
  'Koleksioni i Verës',
  'Dita e Shën Valentinit',
  'Kthimi në shkollë',
  'Koleksioni i Dimrit',
] as const;

export const COUNTRIES = [
  { name: 'Kosovë', cents: 200, postalCodeOptional: true }, // no postal code in daily use (decision 215)
  // Postal codes exist in Albania but few write them on a parcel; couriers deliver by town and street (decision 252).
  { name: 'Shqipëri', cents: 500, postalCodeOptional: true },
  { name: 'Maqedonia e Veriut', cents: 500 },
  { name: 'Mali i Zi', cents: 600 },
  { name: 'Serbi', cents: 600 },
  { name: 'Gjermani', cents: 1500 },
  { name: 'Zvicër', cents: 1800 },
] as const;

export type SizeKind = 'letters' | 'shoes' | 'one';

export interface CategoryTemplate {
  name: string;
  description: string;
  main: 1 | 2;
  art: ArtType;
  sizes: SizeKind;
  /**
   * Creams, perfumes, shampoos and bath products come in no colour (decision 216): their variants take the shop's
   * "no colour" row, and `palette` only tints their drawn pictures. Make-up keeps its shades as colours.
   */
  colourless?: true;
  palette: ColorName[];
  brands: string[];
  /** [name, price in euros] */
  items: Array<[string, number]>;
  /** Sentences combined into product descriptions. */
  lines: string[];
  events: Array<(typeof EVENTS)[number]>;
}

export const CATEGORIES: CategoryTemplate[] = [
  {
    name: 'Fustane',
    main: 1,
    art: 'dress',
    sizes: 'letters',
    description: 'Fustane për çdo rast: nga dita në zyrë te mbrëmjet e veçanta.',
    palette: ['E zezë', 'E kuqe', 'Blu marine', 'Rozë', 'Bezhë', 'E gjelbër ulliri', 'Bordo', 'Lejla'],
    brands: ['Zara', 'Mango', 'Massimo Dutti', 'Liu Jo', 'Guess'],
    items: [
      ['Fustan midi me rrip', 49.9],
      ['Fustan i gjatë me lule', 59.9],
      ['Fustan mbrëmjeje me saten', 89.0],
      ['Fustan i shkurtër me pala', 39.9],
      ['Fustan këmishë prej liri', 54.5],
      ['Fustan i thurur me jakë', 45.0],
      ['Fustan veror me tiranta', 32.9],
      ['Fustan koktej me dantellë', 79.9],
      ['Fustan i drejtë minimalist', 42.0],
    ],
    lines: [
      'Prerje që e thekson belin dhe bie lehtë mbi trup.',
      'Pëlhurë e butë që merr frymë, e rehatshme gjatë gjithë ditës.',
      'Kombinohet bukur me sandale për ditën ose me taka për mbrëmje.',
      'Rrobaqepësi e kujdesshme me qepje të fshehura.',
      'Lahet në 30 °C në programin e butë.',
    ],
    events: ['Koleksioni i Verës', 'Dita e Shën Valentinit', 'Black Friday'],
  },
  {
    name: 'Bluza & Këmisha',
    main: 1,
    art: 'top',
    sizes: 'letters',
    description: 'Bluza, këmisha dhe maica për stilin e përditshëm.',
    palette: ['E bardhë', 'E zezë', 'Blu qielli', 'Bezhë', 'Rozë', 'Mustardë', 'Gri'],
    brands: ['H&M', 'Mango', 'Tommy Hilfiger', 'Calvin Klein', 'Bershka'],
    items: [
      ['Këmishë pambuku me mëngë të gjata', 29.9],
      ['Bluzë mëndafshi me jakë', 45.0],
      ['Maicë bazë me qafë të rrumbullakët', 12.9],
      ['Këmishë liri oversize', 34.9],
      ['Bluzë me mëngë me fryrje', 27.5],
      ['Bluzë e thurur me brinjë', 24.9],
      ['Këmishë me vija klasike', 32.0],
      ['Bluzë satini me kopsa', 38.9],
      ['Maicë polo prej piké', 26.0],
    ],
    lines: [
      'Pambuk cilësor që mbetet i butë edhe pas shumë larjesh.',
      'Krijon një pamje të pastër me xhinse ose me pantallona klasike.',
      'Prerje e rehatshme që nuk e kufizon lëvizjen.',
      'Kopsat prej sedefi i japin një prekje elegante.',
      'Hekurosni në temperaturë mesatare.',
    ],
    events: ['Kthimi në shkollë', 'Koleksioni i Verës', 'Black Friday'],
  },
  {
    name: 'Xhinse & Pantallona',
    main: 1,
    art: 'trousers',
    sizes: 'letters',
    description: 'Xhinse, pantallona klasike dhe të gjera, për çdo siluetë.',
    palette: ['Blu marine', 'E zezë', 'Bezhë', 'Blu qielli', 'Gri', 'E bardhë', 'Kafe'],
    brands: ["Levi's", 'Pepe Jeans', 'Diesel', 'Zara', 'Wrangler'],
    items: [
      ['Xhinse me bel të lartë', 49.9],
      ['Xhinse të gjera straight', 54.9],
      ['Pantallona palazzo', 39.9],
      ['Pantallona klasike me pala', 44.5],
      ['Xhinse skinny me elastan', 42.0],
      ['Pantallona kargo', 46.9],
      ['Pantallona liri me lidhëse', 35.0],
      ['Xhinse mom fit', 47.5],
      ['Pantallona kostumi të drejta', 52.0],
    ],
    lines: [
      'Denim i fortë me pak elastan për rehati gjatë gjithë ditës.',
      'Beli i lartë e zgjat siluetën.',
      'Xhepa funksionalë përpara dhe prapa.',
      'Përshtaten me atlete po aq bukur sa me mokasina.',
      'Lani nga ana e kundërt për ta ruajtur ngjyrën.',
    ],
    events: ['Kthimi në shkollë', 'Black Friday', 'Koleksioni i Dimrit'],
  },
  {
    name: 'Xhaketa & Pallto',
    main: 1,
    art: 'jacket',
    sizes: 'letters',
    description: 'Xhaketa, blazera dhe pallto që ju mbajnë ngrohtë me stil.',
    palette: ['Bezhë', 'E zezë', 'Kafe', 'Gri', 'Blu marine', 'E gjelbër ulliri', 'Bordo'],
    brands: ['Massimo Dutti', 'Tommy Hilfiger', 'Guess', 'Only', 'Mango'],
    items: [
      ['Pallto e gjatë prej leshi', 129.0],
      ['Xhaketë lëkure biker', 99.9],
      ['Trenç klasik', 89.9],
      ['Blazer me dy kopsa', 69.9],
      ['Xhaketë xhinse', 54.9],
      ['Xhaketë e mbushur me push', 84.5],
      ['Pallto e shkurtër me kapuç', 94.0],
      ['Xhaketë e lehtë bomber', 59.0],
    ],
    lines: [
      'Astar i butë që e bën të ngrohtë pa qenë e rëndë.',
      'Prerje e strukturuar që bie mirë mbi supe.',
      'Xhepa të thellë dhe mbyllje e sigurt.',
      'Një shtresë që e ngre çdo veshje të thjeshtë.',
      'Pastrim kimik i rekomanduar.',
    ],
    events: ['Koleksioni i Dimrit', 'Black Friday'],
  },
  {
    name: 'Këpucë',
    main: 1,
    art: 'shoe',
    sizes: 'shoes',
    description: 'Atlete, mokasina, sandale dhe çizme për çdo hap.',
    palette: ['E bardhë', 'E zezë', 'Bezhë', 'Kafe', 'E kuqe', 'Rozë'],
    brands: ['Nike', 'Adidas', 'Geox', 'Steve Madden', 'Skechers'],
    items: [
      ['Atlete lëkure të bardha', 79.9],
      ['Mokasina klasike', 69.0],
      ['Sandale me rripa', 44.9],
      ['Çizme deri te kyçi', 99.0],
      ['Taka elegante me majë', 74.5],
      ['Atlete vrapimi të lehta', 89.9],
      ['Balerina të buta', 39.9],
      ['Sandale me platformë', 52.0],
    ],
    lines: [
      'Shputë e butë që amortizon çdo hap.',
      'Lëkurë natyrale që merr formën e këmbës.',
      'Të lehta dhe të qëndrueshme për ditë të gjata.',
      'Taban kundër rrëshqitjes.',
      'Zgjidhni numrin tuaj të zakonshëm.',
    ],
    events: ['Kthimi në shkollë', 'Koleksioni i Verës', 'Black Friday'],
  },
  {
    name: 'Çanta',
    main: 1,
    art: 'bag',
    sizes: 'one',
    description: 'Çanta dore, çanta shpine dhe çanta të vogla për mbrëmje.',
    palette: ['E zezë', 'Kafe', 'Bezhë', 'E kuqe', 'E bardhë', 'Bordo', 'Rozë'],
    brands: ['Michael Kors', 'Guess', 'Furla', 'Coach', 'Parfois'],
    items: [
      ['Çantë dore tote', 89.0],
      ['Çantë e vogël me zinxhir', 64.9],
      ['Çantë shpine lëkure', 79.9],
      ['Çantë krahu me kapak', 72.0],
      ['Çantë pazari prej kanavace', 29.9],
      ['Kuletë e madhe me zinxhir', 34.5],
      ['Çantë mbrëmjeje me shkëlqim', 49.9],
    ],
    lines: [
      'Ndarje të brendshme që i mbajnë gjërat në rregull.',
      'Rrip i rregullueshëm për ta mbajtur në dorë ose në sup.',
      'Detaje metalike me ngjyrë ari.',
      'Mjaft e madhe për laptop 13 inç.',
      'Pastrohet me një leckë të lagur.',
    ],
    events: ['Dita e Shën Valentinit', 'Black Friday'],
  },
  {
    name: 'Aksesorë',
    main: 1,
    art: 'hat',
    sizes: 'one',
    description: 'Kapele, shalle, rripa dhe detaje që plotësojnë veshjen.',
    palette: ['Bezhë', 'E zezë', 'Kafe', 'Bordo', 'Gri', 'Mustardë'],
    brands: ['Parfois', 'Accessorize', 'Mango', 'Pandora'],
    items: [
      ['Kapele kashte me buzë të gjera', 24.9],
      ['Kapele leshi fedora', 34.9],
      ['Beretë e thurur', 18.9],
      ['Kapele bejsbolli pambuku', 16.5],
      ['Kapele dimri me pompon', 19.9],
      ['Kapele plazhi e palosshme', 22.0],
    ],
    lines: [
      'Plotëson çdo veshje me një prekje të veçantë.',
      'Material i lehtë dhe i rehatshëm.',
      'Dhuratë e bukur për një person të dashur.',
      'Ruhet e sheshtë për ta mbajtur formën.',
    ],
    events: ['Koleksioni i Verës', 'Dita e Shën Valentinit', 'Koleksioni i Dimrit'],
  },
  {
    name: 'Kujdesi për lëkurën',
    main: 2,
    colourless: true,
    art: 'jar',
    sizes: 'one',
    description: 'Kremra, serume dhe pastrues për një lëkurë të shëndetshme.',
    palette: ['E bardhë', 'Rozë', 'Blu qielli', 'Pjeshkë', 'Lejla'],
    brands: ['La Roche-Posay', 'CeraVe', 'Vichy', 'The Ordinary', 'Nivea'],
    items: [
      ['Krem hidratues për fytyrë 50 ml', 18.9],
      ['Serum me vitaminë C', 24.5],
      ['Krem nate rigjenerues', 27.9],
      ['Xhel pastrues për lëkurë të yndyrshme', 14.5],
      ['Krem rreth syve', 21.0],
      ['Maskë argjile për fytyrë', 16.9],
      ['Krem mbrojtës SPF 50', 19.9],
      ['Tonik me acid hialuronik', 15.5],
    ],
    lines: [
      'I përshtatshëm për lëkurë të ndjeshme, pa parfum.',
      'Hidraton thellë dhe e lë lëkurën të butë.',
      'Përdoreni mëngjes e mbrëmje mbi lëkurë të pastër.',
      'I testuar dermatologjikisht.',
      'Përthithet shpejt pa lënë yndyrë.',
    ],
    events: ['Black Friday', 'Dita e Shën Valentinit'],
  },
  {
    name: 'Grim',
    main: 2,
    art: 'tube',
    sizes: 'one',
    description: 'Buzëkuq, fondatinë, maskara dhe gjithçka për grimin.',
    palette: ['E kuqe', 'Rozë', 'Bordo', 'Pjeshkë', 'Bezhë', 'Kafe'],
    brands: ['MAC', 'Maybelline', "L'Oréal Paris", 'NYX', 'Essence'],
    items: [
      ['Buzëkuq mat afatgjatë', 17.9],
      ['Fondatinë me mbulim mesatar', 22.5],
      ['Maskara për vëllim', 13.9],
      ['Shkëlqyes buzësh', 11.5],
      ['Korrektor i lëngshëm', 12.9],
      ['Ruzh pudër', 14.0],
      ['Laps për vetulla', 9.9],
      ['Bazë grimi', 18.5],
    ],
    lines: [
      'Ngjyrë e pasur që zgjat gjithë ditën.',
      'Formulë e lehtë që nuk e rëndon lëkurën.',
      'Aplikohet lehtë dhe njëtrajtshëm.',
      'Nuk është testuar mbi kafshë.',
    ],
    events: ['Dita e Shën Valentinit', 'Black Friday'],
  },
  {
    name: 'Parfume',
    main: 2,
    colourless: true,
    art: 'bottle',
    sizes: 'one',
    description: 'Parfume për femra dhe meshkuj nga shtëpitë më të njohura.',
    palette: ['Rozë', 'Bezhë', 'Lejla', 'Blu qielli', 'Mustardë', 'E zezë'],
    brands: ['Chanel', 'Dior', 'Lancôme', 'Yves Saint Laurent', 'Hugo Boss', 'Armani'],
    items: [
      ['Eau de Parfum me lule 50 ml', 89.0],
      ['Eau de Toilette freskuese 100 ml', 74.9],
      ['Parfum oriental me vanilje 50 ml', 96.0],
      ['Eau de Parfum me agrume 30 ml', 62.5],
      ['Parfum drusor për meshkuj 100 ml', 84.9],
      ['Mjegull trupi me aromë 200 ml', 24.9],
      ['Eau de Parfum me myshk 75 ml', 92.0],
    ],
    lines: [
      'Nota kryesore të freskëta që hapen në një zemër me lule.',
      'Aromë që zgjat gjatë gjithë ditës.',
      'Shishe elegante, dhuratë e përsosur.',
      'Spërkateni në pikat e pulsit.',
    ],
    events: ['Dita e Shën Valentinit', 'Black Friday', 'Koleksioni i Dimrit'],
  },
  {
    name: 'Kujdesi për flokët',
    main: 2,
    colourless: true,
    art: 'pump',
    sizes: 'one',
    description: 'Shampo, balsame dhe maska për flokë të shëndetshëm.',
    palette: ['E bardhë', 'E gjelbër ulliri', 'Mustardë', 'Rozë', 'Blu qielli'],
    brands: ['Kérastase', "L'Oréal Professionnel", 'Schwarzkopf', 'Garnier', 'Pantene'],
    items: [
      ['Shampo për flokë të thatë 300 ml', 12.9],
      ['Balsam riparues 250 ml', 13.5],
      ['Maskë flokësh me keratinë', 19.9],
      ['Vaj argani për flokë', 16.5],
      ['Shampo kundër zbokthit', 11.9],
      ['Sprej mbrojtës nga nxehtësia', 14.9],
      ['Serum për majat e flokëve', 15.5],
    ],
    lines: [
      'Pastron butë pa i tharë flokët.',
      'I lë flokët të butë dhe me shkëlqim.',
      'I përshtatshëm për përdorim të përditshëm.',
      'Pa silikone dhe pa parabenë.',
    ],
    events: ['Black Friday', 'Koleksioni i Verës'],
  },
  {
    name: 'Trupi & Banja',
    main: 2,
    colourless: true,
    art: 'tube',
    sizes: 'one',
    description: 'Xhele dushi, losione trupi dhe kripëra banje.',
    palette: ['Pjeshkë', 'Lejla', 'E bardhë', 'Blu qielli', 'E gjelbër ulliri'],
    brands: ['Rituals', 'The Body Shop', 'Nivea', 'Dove', "L'Occitane"],
    items: [
      ['Xhel dushi me aromë lotusi', 9.9],
      ['Losion trupi hidratues 400 ml', 13.9],
      ['Peeling trupi me sheqer', 17.5],
      ['Krem duarsh me gjalpë shea', 8.9],
      ['Vaj trupi i thatë', 21.9],
      ['Kripëra banje relaksuese', 12.5],
      ['Deodorant natyral', 7.9],
    ],
    lines: [
      'Aromë e butë që qëndron në lëkurë.',
      'Hidraton dhe e lë lëkurën të lëmuar.',
      'Formulë me përbërës me origjinë natyrale.',
      'Përdoreni çdo ditë pas dushit.',
    ],
    events: ['Koleksioni i Verës', 'Black Friday'],
  },
];

export const CONTACT_MESSAGES = [
  {
    name: 'Vjosa Hoxha',
    phone: '+383 44 211 305',
    email: 'vjosa.hoxha@example.com',
    message: 'Përshëndetje, a e keni fustanin midi me rrip edhe në madhësinë S? Faleminderit!',
    replied: true,
  },
  {
    name: 'Arben Morina',
    phone: '+383 49 778 120',
    email: 'arben.morina@example.com',
    message: 'Sa ditë zgjat dërgesa për në Prishtinë? Dua ta porosis si dhuratë për ditëlindje.',
    replied: true,
  },
  {
    name: 'Elira Shala',
    phone: '+383 45 300 911',
    email: 'elira.shala@example.com',
    message: 'A mund ta ndërroj numrin e atleteve nëse nuk më bëjnë? I kam marrë të premten.',
    replied: false,
  },
  {
    name: 'Genta Kelmendi',
    phone: '+355 69 455 1020',
    email: 'genta.k@example.com',
    message: 'A dërgoni edhe në Tiranë? Sa kushton transporti dhe a paguhet në dorëzim?',
    replied: false,
  },
  {
    name: 'Liridon Bytyqi',
    phone: '+383 44 902 017',
    email: 'liridon.b@example.com',
    message: 'Kodi MIRESEVINI10 nuk më funksionoi në telefon, a mund të më ndihmoni?',
    replied: false,
  },
];

export const ORDER_NAMES = [
  ['Albana', 'Rexhepi'],
  ['Besnik', 'Hyseni'],
  ['Donika', 'Ahmeti'],
  ['Fatlinda', 'Zeqiri'],
  ['Gëzim', 'Sylejmani'],
  ['Hana', 'Osmani'],
  ['Ilir', 'Mustafa'],
  ['Jeta', 'Kastrati'],
  ['Kaltrina', 'Dervishi'],
  ['Labinot', 'Ramadani'],
  ['Mimoza', 'Haliti'],
  ['Njomza', 'Bajrami'],
  ['Qëndresa', 'Gashi'],
  ['Rina', 'Maloku'],
  ['Shpend', 'Thaçi'],
] as const;

export const CITIES: Record<string, Array<[string, string]>> = {
  Kosovë: [
    ['Prishtinë', '10000'],
    ['Ferizaj', '70000'],
    ['Prizren', '20000'],
    ['Pejë', '30000'],
    ['Gjilan', '60000'],
    ['Mitrovicë', '40000'],
  ],
  Shqipëri: [
    ['Tiranë', '1001'],
    ['Durrës', '2001'],
  ],
  'Maqedonia e Veriut': [
    ['Shkup', '1000'],
    ['Tetovë', '1200'],
  ],
  'Mali i Zi': [['Ulqin', '85360']],
  Serbi: [['Preshevë', '17523']],
  Gjermani: [['München', '80331']],
  Zvicër: [['Zürich', '8001']],
};

export const STREETS = [
  'Rruga Nëna Terezë',
  'Rruga UÇK',
  'Rruga Adem Jashari',
  'Rruga Skënderbeu',
  'Rruga Dëshmorët e Kombit',
  'Rruga Ismail Qemali',
  'Rruga Rexhep Luci',
];

/** The demo's size guides (issue 26): measurements in cm per size, for the clothing and shoe categories. */
export const SIZE_GUIDES: ReadonlyArray<{
  category: string;
  columns: readonly string[];
  values: Readonly<Record<string, readonly string[]>>;
  note: string;
}> = (() => {
  const body = {
    columns: ['Gjoksi', 'Beli', 'Vithet'],
    values: {
      XS: ['80–84', '62–66', '86–90'],
      S: ['84–88', '66–70', '90–94'],
      M: ['88–92', '70–74', '94–98'],
      L: ['92–98', '74–80', '98–104'],
      XL: ['98–104', '80–86', '104–110'],
      XXL: ['104–110', '86–92', '110–116'],
    },
    note:
      'Matni me një metër rrobaqepësie mbi të brendshme. Gjoksi: në pjesën më të gjerë. Beli: në pjesën më të ngushtë. ' +
      'Vithet: në pjesën më të gjerë, me këmbët bashkë.\n\nNëse jeni mes dy madhësive, zgjidhni më të madhen.',
  };
  const legs = {
    columns: ['Beli', 'Vithet', 'Gjatësia e brendshme e këmbës'],
    values: {
      XS: ['62–66', '86–90', '76'],
      S: ['66–70', '90–94', '77'],
      M: ['70–74', '94–98', '78'],
      L: ['74–80', '98–104', '79'],
      XL: ['80–86', '104–110', '80'],
      XXL: ['86–92', '110–116', '81'],
    },
    note: 'Gjatësia e brendshme: nga bashkimi i këmbëve deri te kyçi i këmbës, me këmbë drejt.',
  };
  return [
    { category: 'Fustane', ...body },
    { category: 'Bluza & Këmisha', ...body },
    { category: 'Xhaketa & Pallto', ...body },
    { category: 'Xhinse & Pantallona', ...legs },
    {
      category: 'Këpucë',
      columns: ['Gjatësia e shputës'],
      values: {
        '36': ['23'],
        '37': ['23,5'],
        '38': ['24,5'],
        '39': ['25'],
        '40': ['25,5'],
        '41': ['26,5'],
        '42': ['27'],
      },
      note: 'Qëndroni në këmbë mbi një letër, shënoni thembrën dhe gishtin më të gjatë dhe matni largësinë mes tyre.',
    },
  ];
})();
