// The order the journey files start in: longest first (decision 269). Vitest orders by the durations it cached in
// an earlier run, but CI runs on a clean clone with no cache, where it falls back to the largest file first: the
// first-tap journey (a short file, the longest run) then started last and ran alone for its final two minutes.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each journey file took in CI three at a time (clean-clone run of 2026-11-28, `grep 'e2e.ts (' ci.log`),
 * rounded. Only the order matters; a file not listed yet counts as a minute.
 */
const CI_SECONDS: Record<string, number> = {
  'first-tap': 183,
  language: 132,
  polish: 105,
  'dashboard-phone': 99,
  'bad-urls': 90,
  browse: 83,
  'dashboard-sales': 82,
  'shopper-extras': 73,
  'my-orders': 72,
  checkout: 71,
  sessions: 64,
  'promos-and-wording': 60,
  returns: 59,
  'mobile-product': 58,
  wishlist: 55,
  'products-as-they-are': 55,
  contact: 55,
  'back-in-stock': 54,
  audit: 52,
  accessibility: 52,
  customers: 50,
  'dashboard-catalog': 43,
  addresses: 43,
  reports: 42,
  'second-factor': 42,
  'size-guides': 39,
  'stock-ledger': 38,
  'server-render': 38,
  'dashboard-products-list': 36,
  'order-stages': 36,
  counter: 36,
  'profile-email': 35,
  accounts: 34,
  passkeys: 34,
  'password-reset': 33,
  colours: 31,
  reviews: 30,
  'orders-cod': 28,
  // Added 2026-11-28 (issue 37), from their time alone times three: one run beside others will correct them.
  looks: 50,
  'gift-cards': 45,
  'forgotten-carts': 30,
  'risky-order': 28,
};

function expectedSeconds(file: string): number {
  return CI_SECONDS[path.basename(file, '.e2e.ts')] ?? 60;
}

export class LongestJourneyFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = new Map(files.map((f) => [f.moduleId, expectedSeconds(f.moduleId)]));
    return Promise.resolve([...files].sort((a, b) => seconds.get(b.moduleId)! - seconds.get(a.moduleId)!));
  }
}
