// Answer schemas of back in stock (back-in-stock.ts), the interfaces' twins, for /api/openapi.json (decision 211).
import { z } from 'zod';
import type {
  BackInStockConfirmDto,
  BackInStockRequestDto,
  BackInStockUnsubscribeDto,
  DemandRowDto,
  VariantDemandDto,
} from './back-in-stock';
import { twin } from './twin';

export const BackInStockRequestReply = twin<BackInStockRequestDto>()(
  z.object({ variantID: z.number(), email: z.string() }),
);
export const BackInStockConfirmReply = twin<BackInStockConfirmDto>()(z.object({ confirmed: z.number() }));
export const BackInStockUnsubscribeReply = twin<BackInStockUnsubscribeDto>()(z.object({ closed: z.number() }));
const demandFields = { variantID: z.number(), waiting: z.number() };
export const VariantDemandReply = twin<VariantDemandDto>()(z.object(demandFields));
export const DemandRowReply = twin<DemandRowDto>()(
  z.object({
    ...demandFields,
    productID: z.number(),
    productName: z.string(),
    sizeName: z.string(),
    colorName: z.string(),
    hexCode: z.string(),
    stockQuantity: z.number(),
    oldest: z.string(),
  }),
);
