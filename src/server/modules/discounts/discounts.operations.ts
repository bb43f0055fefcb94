// The discounts module's operations (staff only, decision 211): product discounts and promo codes.
// GET /api/Promo/validate (public) belongs to the checkout module; as a static path it wins over /api/Promo/:id.
import {
  CreateProductDiscountInput,
  CreatePromoInput,
  DiscountIdInput,
  UpdateProductDiscountInput,
  UpdatePromoInput,
} from '#shared/schemas/discounts';
import { mutation, query } from '#server/operations/define';
import { bodyAgreeingWithId, pathIds } from '#server/operations/rest-shapes';
import * as svc from './discounts.service';
import { DiscountProductReply, ProductDiscountReply, PromoReply } from '#shared/dto/discounts';
import { z } from 'zod';

const byId = pathIds({ id: 'id' });
const done = { ok: true as const };

export const discountsOperations = {
  listProductDiscounts: query({
    access: 'staff',
    output: z.array(ProductDiscountReply),
    run: (caller) => svc.listProductDiscounts(caller),
    rest: { method: 'GET', path: '/ProductDiscount', inputIn: 'none' },
  }),
  getProductDiscount: query({
    access: 'staff',
    output: ProductDiscountReply,
    input: DiscountIdInput,
    run: (caller, input) => svc.getProductDiscount(caller, input.id),
    rest: { method: 'GET', path: '/ProductDiscount/:id', input: byId },
  }),
  createProductDiscount: mutation({
    access: 'staff',
    output: ProductDiscountReply,
    input: CreateProductDiscountInput,
    run: (caller, input) => svc.createProductDiscount(caller, input),
    rest: { method: 'POST', path: '/ProductDiscount', status: 201 },
  }),
  updateProductDiscount: mutation({
    access: 'staff',
    output: ProductDiscountReply,
    input: UpdateProductDiscountInput,
    run: (caller, input) => svc.updateProductDiscount(caller, input.productDiscountID, input),
    rest: { method: 'PUT', path: '/ProductDiscount/:id', input: bodyAgreeingWithId('productDiscountID') },
  }),
  deleteProductDiscount: mutation({
    access: 'staff',
    input: DiscountIdInput,
    run: async (caller, input) => {
      await svc.deleteProductDiscount(caller, input.id);
      return done;
    },
    rest: { method: 'DELETE', path: '/ProductDiscount/:id', status: 204, input: byId },
  }),
  listPromos: query({
    access: 'staff',
    output: z.array(PromoReply),
    run: (caller) => svc.listPromos(caller),
    rest: { method: 'GET', path: '/Promo', inputIn: 'none' },
  }),
  getPromo: query({
    access: 'staff',
    output: PromoReply,
    input: DiscountIdInput,
    run: (caller, input) => svc.getPromo(caller, input.id),
    rest: { method: 'GET', path: '/Promo/:id', input: byId },
  }),
  createPromo: mutation({
    access: 'staff',
    output: PromoReply,
    input: CreatePromoInput,
    run: (caller, input) => svc.createPromo(caller, input),
    rest: { method: 'POST', path: '/Promo', status: 201 },
  }),
  updatePromo: mutation({
    access: 'staff',
    output: PromoReply,
    input: UpdatePromoInput,
    run: (caller, input) => svc.updatePromo(caller, input.promoCodeDiscountID, input),
    rest: { method: 'PUT', path: '/PromoCodeDiscount/:id', input: bodyAgreeingWithId('promoCodeDiscountID') },
  }),
  deletePromo: mutation({
    access: 'staff',
    input: DiscountIdInput,
    run: async (caller, input) => {
      await svc.deletePromo(caller, input.id);
      return done;
    },
    rest: { method: 'DELETE', path: '/Promo/:id', status: 204, input: byId },
  }),
  pickerProducts: query({
    access: 'staff',
    output: z.array(DiscountProductReply),
    run: (caller) => svc.listPickerProducts(caller),
  }),
};
