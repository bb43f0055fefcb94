// Back in stock's operations (decisions 211, 233, 239): the shopper's request, the confirmation of a new address and
// unsubscribe (public, limited per client address only; the signed links are the proof), the staff's waiting demand
// and closing a variant's waiting list (staff).
import { z } from 'zod';
import {
  BackInStockConfirmReply,
  BackInStockRequestReply,
  BackInStockUnsubscribeReply,
  DemandRowReply,
  VariantDemandReply,
} from '#shared/dto/back-in-stock';
import {
  BackInStockConfirmInput,
  BackInStockRequestInput,
  BackInStockUnsubscribeInput,
  DismissDemandInput,
  ProductDemandInput,
} from '#shared/schemas/back-in-stock';
import { mutation, query } from '#server/operations/define';
import { pathIds } from '#server/operations/rest-shapes';
import * as service from './back-in-stock.service';

export const backInStockOperations = {
  /**
   * "Më njofto kur të kthehet": one live request per variant and e-mail. 202 and the same body whatever the address's
   * state (it tells no one who waits); it counts once the address is confirmed (double opt-in).
   */
  request: mutation({
    access: 'public',
    limit: 'backInStock',
    input: BackInStockRequestInput,
    output: BackInStockRequestReply,
    run: (caller, input) => service.requestBackInStock(caller, input),
    rest: { method: 'POST', path: '/BackInStock', status: 202 },
  }),
  /** The confirmation e-mail's link (through the page's button): confirms the address and its pending requests. */
  confirm: mutation({
    access: 'public',
    limit: 'backInStock',
    input: BackInStockConfirmInput,
    output: BackInStockConfirmReply,
    run: (caller, input) => service.confirmBackInStock(caller, input),
    rest: { method: 'POST', path: '/BackInStock/Confirm' },
  }),
  /** The e-mail's unsubscribe link: closes every open request of its address, no sign-in needed. */
  unsubscribe: mutation({
    access: 'public',
    limit: 'backInStock',
    input: BackInStockUnsubscribeInput,
    output: BackInStockUnsubscribeReply,
    run: (caller, input) => service.unsubscribeBackInStock(caller, input),
    rest: { method: 'POST', path: '/BackInStock/Unsubscribe' },
  }),
  /** Waiting shoppers per variant of a product (the product editor's variants table). */
  productDemand: query({
    access: 'staff',
    input: ProductDemandInput,
    output: z.array(VariantDemandReply),
    run: (caller, input) => service.productDemand(caller, input.productID),
    rest: { method: 'GET', path: '/BackInStock/Product/:productID', input: pathIds({ productID: 'productID' }) },
  }),
  /** "Kërkesa për rikthim": the variants shoppers wait for, most wanted first. */
  demand: query({
    access: 'staff',
    output: z.array(DemandRowReply),
    run: (caller) => service.demandList(caller),
    rest: { method: 'GET', path: '/BackInStock/Demand' },
  }),
  /** "Mbyll kërkesat": a variant's waiting list closed without notices (it will not come back). */
  dismiss: mutation({
    access: 'staff',
    input: DismissDemandInput,
    output: z.object({ dismissed: z.number() }),
    run: (caller, input) => service.dismissDemand(caller, input.variantID),
  }),
};
