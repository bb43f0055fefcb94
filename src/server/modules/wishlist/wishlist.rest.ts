// REST adapters of the wishlist module for the documented /api paths: parse -> the same service -> DTO.
import type { Hono } from 'hono';
import { signedInRoutes } from '../../http/auth';
import type { AppEnv } from '../../http/env';
import { parseInput, readJson } from '../../http/request';
import { AddWishlistItemInput, RemoveWishlistItemInput, WishlistOfUserInput } from '../../../shared/schemas/wishlist';
import * as service from './wishlist.service';

export function mountWishlistRest(app: Hono<AppEnv>): void {
  const api = signedInRoutes(app);
  api.get('/wishlist/user/:userId', async (c) =>
    c.json(
      await service.listWishlist(
        c.var.deps,
        c.var.actor,
        parseInput(WishlistOfUserInput, { userId: c.req.param('userId') }),
      ),
    ),
  );
  api.post('/wishlist/add', async (c) =>
    c.json(await service.addToWishlist(c.var.deps, c.var.actor, parseInput(AddWishlistItemInput, await readJson(c)))),
  );
  api.delete('/wishlist/remove/:userId/:productId', async (c) =>
    c.json(
      await service.removeFromWishlist(
        c.var.deps,
        c.var.actor,
        parseInput(RemoveWishlistItemInput, { userId: c.req.param('userId'), productId: c.req.param('productId') }),
      ),
    ),
  );
}
