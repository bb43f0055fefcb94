// Saving the product form: validate with the shared schemas, create or update the product and its variants,
// then send changed media in one multipart request; the form's values, messages and progress.
import { notify } from '../../lib/notify';
import { useState } from 'react';
import { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ProductDto } from '../../../shared/dto/catalog';
import { fill } from '../../../shared/messages';
import { formatEuro } from '../../../shared/money';
import { staffMessages } from '../../../shared/messages-staff';
import { ProductFormInput, VariantsInput } from '../../../shared/schemas/catalog-admin';
import { useForm } from '../../lib/forms/use-form';
import { trpc } from '../../lib/trpc';
import { useConfirm } from '../../components/dashboard/confirm-dialog';
import { uploadWithProgress } from '../../components/dashboard/upload';
import { invalidateCatalog } from './invalidate';
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

/** The multipart body for every colour whose media changed, or null when none did. */
function mediaBody(media: MediaByColor): FormData | null {
  const changed = Object.entries(media).filter(([, md]) => md.files.length || md.removed.length);
  if (!changed.length) return null;
  const body = new FormData();
  changed.forEach(([colorId, md], i) => {
    body.set(`images[${i}].colorID`, colorId);
    md.files.forEach((f) => body.append(`images[${i}].imageFiles`, f, f.name));
    md.existing.forEach((u, j) => body.set(`images[${i}].existingFiles[${j}]`, u));
    md.removed.forEach((u, j) => body.set(`images[${i}].removedFiles[${j}]`, u));
  });
  return body;
}

interface SaveInput {
  product?: ProductDto;
  media: MediaByColor;
  setMedia: (update: (all: MediaByColor) => MediaByColor) => void;
}

/** Sends the media of every colour that changed, with its progress; returns an error text or null. */
function useMediaUpload({ media, setMedia }: Omit<SaveInput, 'product'>) {
  const [progress, setProgress] = useState<number | null>(null);
  async function saveMedia(productID: number): Promise<string | null> {
    const body = mediaBody(media);
    if (!body) return null;
    setProgress(0);
    const res = await uploadWithProgress(`/api/Product/${productID}/Images`, body, { onProgress: setProgress });
    setProgress(null);
    if (!res.ok) return res.message;
    setMedia((all) => Object.fromEntries(Object.entries(all).map(([k, v]) => [k, { ...v, files: [], removed: [] }])));
    return null;
  }
  return { progress, saveMedia, clearProgress: () => setProgress(null) };
}

export function useProductForm({ product, media, setMedia }: SaveInput) {
  const navigate = useNavigate();
  const create = useMutation(trpc.catalogAdmin.createProduct.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.updateProduct.mutationOptions());
  const upload = useMediaUpload({ media, setMedia });
  const { confirm, dialog } = useConfirm();
  /** A price over ten times the current one is saved only once the staff member confirms it ("5990" for "59,90"). */
  const priceConfirmed = (price: number) =>
    !product || !isPriceJump(product.price, price)
      ? true
      : confirm(
          fill(m.priceJump, { price: formatEuro(price), current: formatEuro(product.price) }),
          m.priceJumpConfirm,
        );
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
      const uploadError = await upload.saveMedia(productID).finally(upload.clearProgress);
      await invalidateCatalog();
      if (uploadError) {
        notify.error(fill(m.imagesSaveFailed, { message: uploadError }));
        if (!product)
          await navigate({ to: '/dashboard/edit-product/$productID', params: { productID: String(productID) } });
        return;
      }
      notify.success(m.productSaved);
      await navigate({ to: '/dashboard/products' });
    },
    onError: (e) => notify.error(e.message),
  });
  return { form, progress: upload.progress, dialog };
}
