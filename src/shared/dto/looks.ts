// Look answers (issue 37, decision 276): one schema per shape (decision 264), for both doors and OpenAPI.
import { z } from 'zod';
import { ProductCardReply, ProductReply } from './catalog';

const lookBase = {
  lookID: z.number(),
  name: z.string(),
  /** The look's photo (an image URL of the media module), or null. */
  photoURL: z.string().nullable(),
  /** Whole percent off each complete set's pieces, or null without a set discount. */
  discountPercentage: z.number().nullable(),
};

/** A look on a product's page: every piece in full (sizes, colours, stock), the page's product included. */
export const ProductLookReply = z.object({ ...lookBase, pieces: z.array(ProductReply) });
export type ProductLookDto = z.infer<typeof ProductLookReply>;

/** A look on the looks page: its pieces as cards. */
export const LookCardReply = z.object({ ...lookBase, pieces: z.array(ProductCardReply) });
export type LookCardDto = z.infer<typeof LookCardReply>;

/** A look as staff keep it. */
export const StaffLookReply = z.object({
  ...lookBase,
  pieces: z.array(z.object({ productID: z.number(), name: z.string(), isActive: z.boolean() })),
  updatedAt: z.string(),
});
export type StaffLookDto = z.infer<typeof StaffLookReply>;
