// The scale shop's people and places (issue 38): Albanian first and last names, Kosovo mobile numbers, cities with
// their postal codes, streets and model names that turn the demo's product templates into thousands of products.
import { prng } from '#server/seed/demo';

/** A seeded generator (the demo's mulberry32) and the small helpers the plans draw with. */
export function drawer(seed: number) {
  const rand = prng(seed);
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { rand, int, pick };
}
export type Drawer = ReturnType<typeof drawer>;

export const FIRST_NAMES = [
  'Arta',
  'Blerta',
  'Drita',
  'Fjolla',
  'Hana',
  'Jeta',
  'Kaltrina',
  'Lirie',
  'Mimoza',
  'Njomza',
  'Qëndresa',
  'Rina',
  'Teuta',
  'Vjosa',
  'Albana',
  'Donika',
  'Elira',
  'Fatlinda',
  'Genta',
  'Lumnije',
  'Shpresa',
  'Valbona',
  'Zana',
  'Era',
  'Dafina',
  'Besa',
  'Ardita',
  'Blerim',
  'Ermal',
  'Gent',
  'Ilir',
  'Kushtrim',
  'Mentor',
  'Besnik',
  'Gëzim',
  'Labinot',
  'Shpend',
  'Arben',
  'Liridon',
  'Driton',
  'Fitim',
  'Valon',
  'Agon',
  'Egzon',
  'Arbër',
  'Dardan',
  'Leutrim',
  'Visar',
] as const;

export const LAST_NAMES = [
  'Krasniqi',
  'Gashi',
  'Berisha',
  'Hoxha',
  'Morina',
  'Shala',
  'Bytyqi',
  'Kelmendi',
  'Rexhepi',
  'Hyseni',
  'Ahmeti',
  'Zeqiri',
  'Sylejmani',
  'Osmani',
  'Mustafa',
  'Kastrati',
  'Dervishi',
  'Ramadani',
  'Haliti',
  'Bajrami',
  'Maloku',
  'Thaçi',
  'Rugova',
  'Jashari',
  'Llapashtica',
  'Sejdiu',
  'Kryeziu',
  'Bërisha',
  'Limani',
  'Hasani',
  'Musliu',
  'Beqiri',
  'Salihu',
  'Qerimi',
  'Avdiu',
  'Zymberi',
] as const;

/** Kosovo's cities with their postal codes (Prishtinë and the larger towns drawn more often by their weight). */
export const KOSOVO_CITIES: ReadonlyArray<[city: string, zip: string, weight: number]> = [
  ['Prishtinë', '10000', 30],
  ['Prizren', '20000', 12],
  ['Pejë', '30000', 8],
  ['Gjakovë', '50000', 8],
  ['Ferizaj', '70000', 9],
  ['Gjilan', '60000', 8],
  ['Mitrovicë', '40000', 7],
  ['Vushtrri', '42000', 4],
  ['Podujevë', '11000', 4],
  ['Suharekë', '23000', 3],
  ['Rahovec', '21000', 2],
  ['Drenas', '13000', 2],
  ['Lipjan', '14000', 3],
  ['Kamenicë', '62000', 1],
  ['Istog', '31000', 1],
  ['Kaçanik', '71000', 1],
];

/** A few places abroad for the orders that go to the other countries of the seed (by country name). */
export const ABROAD_CITIES: Record<string, Array<[string, string]>> = {
  Shqipëri: [
    ['Tiranë', '1001'],
    ['Durrës', '2001'],
    ['Shkodër', '4001'],
  ],
  'Maqedonia e Veriut': [
    ['Shkup', '1000'],
    ['Tetovë', '1200'],
  ],
  'Mali i Zi': [['Ulqin', '85360']],
  Serbi: [['Preshevë', '17523']],
  Gjermani: [
    ['München', '80331'],
    ['Stuttgart', '70173'],
  ],
  Zvicër: [
    ['Zürich', '8001'],
    ['Basel', '4001'],
  ],
};

const CITY_TOTAL = KOSOVO_CITIES.reduce((s, c) => s + c[2], 0);

/** A Kosovo city and its postal code, weighted. */
export function kosovoCity(d: Drawer): [string, string] {
  let n = d.int(CITY_TOTAL);
  for (const [city, zip, w] of KOSOVO_CITIES) {
    if (n < w) return [city, zip];
    n -= w;
  }
  return ['Prishtinë', '10000'];
}

export const STREETS = [
  'Rruga Nëna Terezë',
  'Rruga UÇK',
  'Rruga Adem Jashari',
  'Rruga Skënderbeu',
  'Rruga Dëshmorët e Kombit',
  'Rruga Ismail Qemali',
  'Rruga Rexhep Luci',
  'Rruga Agim Ramadani',
  'Rruga Fehmi Agani',
  'Rruga Luan Haradinaj',
  'Rruga Bajram Curri',
  'Rruga Ilir Konushevci',
];

/** A Kosovo mobile number as shoppers type it: +383 44/45/49/43/48 and six digits. */
export function kosovoPhone(d: Drawer): string {
  const prefix = ['44', '45', '49', '43', '48', '44', '49'][d.int(7)]!;
  const six = String(100_000 + d.int(900_000));
  return `+383 ${prefix} ${six.slice(0, 3)} ${six.slice(3)}`;
}

/** Model names that make one demo template into many products ("Fustan midi me rrip Valbona"). */
export const MODEL_NAMES = [
  'Valbona',
  'Rugova',
  'Sharri',
  'Drini',
  'Iliria',
  'Dardania',
  'Teuta',
  'Arbëria',
  'Bjeshka',
  'Mirusha',
  'Gërmia',
  'Brezovica',
  'Lumbardhi',
  'Prizreni',
  'Novobërda',
  'Kalaja',
  'Shkëndija',
  'Agimi',
  'Yllka',
  'Flutura',
  'Vala',
  'Bora',
  'Drita',
  'Hëna',
  'Dielli',
  'Lulja',
  'Trëndafili',
  'Manushaqe',
  'Zambak',
  'Jasemini',
  'Ametisti',
  'Safiri',
];

/** Plain ASCII for e-mail addresses ("Qëndresa Thaçi" -> "qendresa.thaci"). */
export const asciiLower = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '.');
