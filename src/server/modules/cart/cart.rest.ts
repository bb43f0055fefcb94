// REST adapters of the cart module for the documented /api paths: parse -> the same service -> DTO.
//   GET /api/cartitems, POST /api/cartitems (cart line fields; only productVariantId and quantity are used),
//   DELETE /api/cartitems/:id. All need a signed-in user (401 otherwise).
import type { Hono } from 'hono';
import { actorOf } from '../../http/auth';
import type { AppEnv } from '../../http/env';
import { parseInput, pathId, readJson } from '../../http/request';
import { AddCartItemInput } from '../../../shared/schemas/cart';
import { addItem, listCart, removeItem } from './cart.service';

export function mountCartRest(api: Hono<AppEnv>): void {
  api.get('/cartitems', async (c) => c.json(await listCart(c.var.deps, actorOf(c))));
  api.post('/cartitems', async (c) => {
    const actor = actorOf(c);
    return c.json(await addItem(c.var.deps, actor, parseInput(AddCartItemInput, await readJson(c))), 201);
  });
  api.delete('/cartitems/:id', async (c) => {
    const actor = actorOf(c);
    await removeItem(c.var.deps, actor, { cartItemId: pathId(c, 'id') });
    return c.body(null, 204);
  });
}
