// Product add/edit form: info, main then sub category, price, in-stock toggle, events, a variants table
// (size × colour × stock) and media per colour (drag-and-drop with progress, keep/remove existing images).
// The sections live in product-info-fields, product-variants and product-media; saving in product-form-save.
import { useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ProductDto } from '#shared/dto/catalog';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { trpc } from '#client/lib/trpc';
import { FormCard } from '#client/components/dashboard/form-card';
import { PageHeader } from '#client/components/dashboard/page-header';
import { HistoryLink } from '#client/components/dashboard/history-link';
import { type ProductFields, type VariantRow } from './product-form-model';
import { startingMedia } from './product-media-upload';
import { useProductForm } from './product-form-save';
import { ProductInfoFields } from './product-info-fields';
import { ProductMedia } from './product-media';
import { ProductVariants } from './product-variants';

const m = staffMessages.dashboard;

function UploadProgress({ progress }: { progress: number }) {
  return (
    <div
      className="dash-progress"
      role="progressbar"
      aria-label={m.uploading}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
    >
      <span style={{ width: `${Math.round(progress * 100)}%` }} />
    </div>
  );
}

export function ProductForm({ product }: { product?: ProductDto }) {
  const [media, setMedia] = useState(() => startingMedia(product));
  const { form, progress, dialog } = useProductForm({ product, media, setMedia });
  const formTop = useRef<HTMLDivElement>(null);
  const colors = useQuery(trpc.catalog.colors.queryOptions());
  const colorById = useMemo(() => new Map((colors.data ?? []).map((c) => [String(c.colorID), c])), [colors.data]);

  useEffect(() => {
    if (Object.keys(form.errors).length) formTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [form.errors]);

  const err = (k: string) => form.errors[k];
  const onChange = (patch: Partial<ProductFields>) =>
    form.setValues((v) => ({ ...v, fields: { ...v.fields, ...patch } }));
  const setVariants: Dispatch<SetStateAction<VariantRow[]>> = (next) =>
    form.setValues((v) => ({ ...v, variants: typeof next === 'function' ? next(v.variants) : next }));
  const { fields, variants } = form.values;

  return (
    <>
      <div ref={formTop} />
      <PageHeader
        title={product ? `${m.editProduct}: ${product.name}` : m.addProduct}
        actions={product ? <HistoryLink entity="product" id={product.productID} /> : undefined}
      />
      <FormCard form={form} submitLabel={messages.common.save} wide>
        <ProductInfoFields fields={fields} onChange={onChange} err={err} />
        <ProductVariants
          variants={variants}
          setVariants={setVariants}
          colorById={colorById}
          err={err}
          generatorOpen={!product}
          productID={product?.productID}
        />
        <ProductMedia
          variants={variants}
          media={media}
          setMedia={setMedia}
          colorById={colorById}
          busy={form.submitting}
        />
        {progress !== null && <UploadProgress progress={progress} />}
      </FormCard>
      {dialog}
    </>
  );
}
