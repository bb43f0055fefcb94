// Deterministic demo catalogue (owned by the catalog/seed work): categories, products, images, users.
import type { AppDeps } from '../deps';

export const DEMO_USERS = [
  { label: 'Administrator', email: 'admin@butiku.shop', password: 'Admin#2026', roleID: 3, firstName: 'Arta', lastName: 'Krasniqi' },
  { label: 'Staf', email: 'staf@butiku.shop', password: 'Staf#2026', roleID: 2, firstName: 'Blerim', lastName: 'Gashi' },
  { label: 'Klient', email: 'klient@butiku.shop', password: 'Klient#2026', roleID: 1, firstName: 'Drita', lastName: 'Berisha' },
] as const;

export async function seedDemo(_deps: AppDeps): Promise<string> {
  return 'nothing yet'; // replaced by the demo catalogue implementation
}
