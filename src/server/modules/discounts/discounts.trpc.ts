// tRPC procedures of the discounts module (staff only): parse -> service -> DTO.
import {
  CreateProductDiscountInput,
  CreatePromoInput,
  DiscountIdInput,
  UpdateProductDiscountInput,
  UpdatePromoInput,
} from '../../../shared/schemas/discounts';
import { router, staffProcedure } from '../../trpc/init';
import * as svc from './discounts.service';

export const discountsRouter = router({
  listProductDiscounts: staffProcedure.query(({ ctx }) => svc.listProductDiscounts(ctx)),
  getProductDiscount: staffProcedure
    .input(DiscountIdInput)
    .query(({ ctx, input }) => svc.getProductDiscount(ctx, input.id)),
  createProductDiscount: staffProcedure
    .input(CreateProductDiscountInput)
    .mutation(({ ctx, input }) => svc.createProductDiscount(ctx, input)),
  updateProductDiscount: staffProcedure
    .input(UpdateProductDiscountInput)
    .mutation(({ ctx, input }) => svc.updateProductDiscount(ctx, input.productDiscountID, input)),
  deleteProductDiscount: staffProcedure.input(DiscountIdInput).mutation(async ({ ctx, input }) => {
    await svc.deleteProductDiscount(ctx, input.id);
    return { ok: true as const };
  }),
  listPromos: staffProcedure.query(({ ctx }) => svc.listPromos(ctx)),
  getPromo: staffProcedure.input(DiscountIdInput).query(({ ctx, input }) => svc.getPromo(ctx, input.id)),
  createPromo: staffProcedure.input(CreatePromoInput).mutation(({ ctx, input }) => svc.createPromo(ctx, input)),
  updatePromo: staffProcedure
    .input(UpdatePromoInput)
    .mutation(({ ctx, input }) => svc.updatePromo(ctx, input.promoCodeDiscountID, input)),
  deletePromo: staffProcedure.input(DiscountIdInput).mutation(async ({ ctx, input }) => {
    await svc.deletePromo(ctx, input.id);
    return { ok: true as const };
  }),
  pickerProducts: staffProcedure.query(({ ctx }) => svc.listPickerProducts(ctx)),
});
