// Saving the product form: validate with the shared schemas, create or update the product and its variants,
// then send changed media in one multipart request; field errors, progress and busy state for the form.
import { notify } from '../../lib/notify';
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ProductDto } from '../../../shared/dto/catalog';
import { fill } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { zodFieldErrors } from '../../../shared/field-errors';
import { ProductFormInput, VariantsInput } from '../../../shared/schemas/catalog-admin';
import { readError } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import { uploadWithProgress } from '../../components/dashboard/upload';
import { invalidateCatalog } from './invalidate';
import type { MediaByColor, ProductFields, VariantRow } from './product-form-model';

const m = staffMessages.dashboard;

/** Field errors of both schemas, variant rows' keys prefixed with `variants.` (the whole list's under `variants`). */
function validate(fields: ProductFields, variants: VariantRow[]) {
  const form = ProductFormInput.safeParse(fields);
  const rows = VariantsInput.safeParse(
    variants.map((v) => ({
      variantID: v.variantID,
      sizeID: v.sizeID,
      colorID: v.colorID,
      stockQuantity: v.stockQuantity,
    })),
  );
  const errs: Record<string, string[]> = {};
  if (!form.success) Object.assign(errs, zodFieldErrors(form.error));
  if (!rows.success)
    for (const [k, v] of Object.entries(zodFieldErrors(rows.error))) errs[k === '_' ? 'variants' : `variants.${k}`] = v;
  return { form, rows, errs };
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
  fields: ProductFields;
  variants: VariantRow[];
  media: MediaByColor;
  setMedia: (update: (all: MediaByColor) => MediaByColor) => void;
}

export function useProductSave({ product, fields, variants, media, setMedia }: SaveInput) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const create = useMutation(trpc.catalogAdmin.createProduct.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.updateProduct.mutationOptions());

  /** Sends the media of every colour that changed; returns an error text or null. */
  async function saveMedia(productID: number): Promise<string | null> {
    const body = mediaBody(media);
    if (!body) return null;
    setProgress(0);
    const res = await uploadWithProgress(`/api/Product/${productID}/Images`, body, { onProgress: setProgress });
    if (!res.ok) return res.message;
    setMedia((all) => Object.fromEntries(Object.entries(all).map(([k, v]) => [k, { ...v, files: [], removed: [] }])));
    return null;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const { form, rows, errs } = validate(fields, variants);
    setErrors(errs);
    if (!form.success || !rows.success) return;
    const { mainCategoryID: _main, ...details } = form.data;
    setBusy(true);
    try {
      const { productID } = product
        ? await update.mutateAsync({ productID: product.productID, details, variants: rows.data })
        : await create.mutateAsync({
            details,
            variants: rows.data.map(({ sizeID, colorID, stockQuantity }) => ({ sizeID, colorID, stockQuantity })),
          });
      const uploadError = await saveMedia(productID);
      await invalidateCatalog();
      if (uploadError) {
        notify.error(fill(m.imagesSaveFailed, { message: uploadError }));
        if (!product)
          await navigate({ to: '/dashboard/edit-product/$productID', params: { productID: String(productID) } });
        return;
      }
      notify.success(m.productSaved);
      await navigate({ to: '/dashboard/products' });
    } catch (err) {
      const read = readError(err, m.saveFailed);
      setErrors(read.fieldErrors ?? {});
      notify.error(read.message);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return { errors, progress, busy, onSubmit };
}
