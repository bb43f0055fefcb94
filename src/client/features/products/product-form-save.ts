// Saving the product form: validate with the shared schemas, create or update the product and its variants,
// then send changed media in one multipart request (product-media-upload); the form's values, messages and progress.
import { notify } from '#client/lib/notify';
import { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ProductDto } from '#shared/dto/catalog';
import { fill, plural } from '#shared/messages';
import { formatEuro } from '#shared/money';
import { staffMessages } from '#shared/messages-staff';
import { ProductFormInput, VariantsInput } from '#shared/schemas/catalog-admin';
import { useForm } from '#client/lib/forms/use-form';
import { trpc } from '#client/lib/trpc';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';
import { invalidateCatalog } from '#client/components/dashboard/invalidate-catalog';
import { handOverRefused, useMediaUpload } from './product-media-upload';
import {
  initialFields,
  initialVariants,
  isPriceJump,
  type MediaByColor,
  type ProductFields,
  type VariantRow,
} from './product-form-model';

const m = staffMessages.dashboard;

/** The product's fields and its variant rows, checked together: messages keyed `name`, `variants.0.sizeID`, `variants`. */
const ProductSaveInput = z.object({ details: ProductFormInput, variants: VariantsInput });
const toInput = ({ fields, variants }: ProductValues) => ({
  details: fields,
  variants: variants.map((v) => ({
    variantID: v.variantID,
    sizeID: v.sizeID,
    colorID: v.colorID,
    stockQuantity: v.stockQuantity,
  })),
});
/** The product's fields' messages by their own name (the server's `details.` prefix dropped); variant rows' as they are. */
const fieldOf = (path: string) => path.replace(/^details\./, '');

interface ProductValues {
  fields: ProductFields;
  variants: VariantRow[];
}

interface SaveInput {
  product?: ProductDto;
  media: MediaByColor;
  setMedia: (update: (all: MediaByColor) => MediaByColor) => void;
}

export function useProductForm({ product, media, setMedia }: SaveInput) {
  const navigate = useNavigate();
  const create = useMutation(trpc.catalogAdmin.createProduct.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.updateProduct.mutationOptions());
  const upload = useMediaUpload({ productID: product?.productID, media, setMedia });
  const { confirm, dialog } = useConfirm();
  /** A price over ten times the current one is saved only once the staff member confirms it ("5990" for "59,90"). */
  const priceConfirmed = (price: number) =>
    !product || !isPriceJump(product.price, price)
      ? true
      : confirm(fill(m.priceJump, { price: formatEuro(price), current: formatEuro(product.price) }), {
          confirm: m.priceJumpConfirm,
          keep: m.priceJumpKeep,
        });
  const form = useForm({
    initialValues: { fields: initialFields(product), variants: initialVariants(product) },
    schema: ProductSaveInput,
    toInput,
    fieldOf,
    errorFallback: m.saveFailed,
    focusInvalid: false,
    onSubmit: async ({ details: { mainCategoryID: _main, ...details }, variants }) => {
      if (!(await priceConfirmed(details.price))) return;
      const { productID } = product
        ? await update.mutateAsync({ productID: product.productID, details, variants })
        : await create.mutateAsync({
            details,
            variants: variants.map(({ sizeID, colorID, stockQuantity }) => ({ sizeID, colorID, stockQuantity })),
          });
      const photos = await upload.saveMedia(productID).finally(upload.clearProgress);
      await invalidateCatalog();
      if (photos.error || photos.refused.length) {
        // The product is saved; its photos need a look: stay on it (a new one opens its edit page, refusals and all).
        notify.error(
          photos.error
            ? fill(m.imagesSaveFailed, { message: photos.error })
            : plural(m.imagesPartlySaved, photos.refused.length),
        );
        if (!product) {
          handOverRefused(productID, photos.refused);
          await navigate({ to: '/dashboard/edit-product/$productID', params: { productID: String(productID) } });
        }
        return;
      }
      notify.success(m.productSaved);
      await navigate({ to: '/dashboard/products' });
    },
    onError: (e) => notify.error(e.message),
  });
  return { form, progress: upload.progress, dialog };
}
