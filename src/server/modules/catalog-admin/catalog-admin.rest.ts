// REST doors of the staff catalogue, one folder per resource (products, images, categories, colours, sizes,
// events, countries), mounted in the order the documented paths need.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { mountCategoriesRest } from './categories/categories.rest';
import { mountColoursRest } from './colours/colours.rest';
import { mountCountriesRest } from './countries/countries.rest';
import { mountEventsRest } from './events/events.rest';
import { mountImagesRest } from './images/images.rest';
import { mountProductsRest } from './products/products.rest';
import { mountSizesRest } from './sizes/sizes.rest';

export function mountCatalogAdminRest(api: Hono<AppEnv>): void {
  mountProductsRest(api);
  mountImagesRest(api);
  mountCategoriesRest(api);
  mountColoursRest(api);
  mountSizesRest(api);
  mountEventsRest(api);
  mountCountriesRest(api);
}
