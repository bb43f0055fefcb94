// Open Graph data for a product page (name, price, first picture). Owned by the catalog module.
import type { AppDeps } from '../../deps';
import type { PageMeta } from '../../http/page-meta';

export async function productPageMeta(_deps: AppDeps, _productId: number): Promise<PageMeta | null> {
  return null; // replaced by the catalog module's implementation
}
