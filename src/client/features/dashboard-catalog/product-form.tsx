// Product add/edit form: info, main then sub category, price, in-stock toggle, events, a variants table
// (size × colour × stock) and media per colour (drag-and-drop with progress, keep/remove existing images).
// The sections live in product-info-fields, product-variants and product-media; saving in product-form-save.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ProductDto } from '../../../shared/dto/catalog';
import { messages } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { trpc } from '../../lib/trpc';
import { FormCard } from '../../components/dashboard/form-field';
import { PageHeader } from '../../components/dashboard/page-header';
import { initialFields, initialMedia, initialVariants, type ProductFields } from './product-form-model';
import { useProductSave } from './product-form-save';
import { ProductInfoFields } from './product-info-fields';
import { ProductMedia } from './product-media';
import { ProductVariants } from './product-variants';

const m = staffMessages.dashboard;

export function ProductForm({ product }: { product?: ProductDto }) {
  const [fields, setFields] = useState(() => initialFields(product));
  const [variants, setVariants] = useState(() => initialVariants(product));
  const [media, setMedia] = useState(() => initialMedia(product));
  const { errors, progress, busy, onSubmit } = useProductSave({ product, fields, variants, media, setMedia });
  const formTop = useRef<HTMLDivElement>(null);
  const colors = useQuery(trpc.catalog.colors.queryOptions());
  const colorById = useMemo(() => new Map((colors.data ?? []).map((c) => [String(c.colorID), c])), [colors.data]);

  useEffect(() => {
    if (Object.keys(errors).length) formTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [errors]);

  const err = (k: string) => errors[k]?.[0];
  const onChange = (patch: Partial<ProductFields>) => setFields((f) => ({ ...f, ...patch }));

  return (
    <>
      <div ref={formTop} />
      <PageHeader title={product ? `${m.editProduct}: ${product.name}` : m.addProduct} />
      <FormCard onSubmit={onSubmit} submitLabel={messages.common.save} busy={busy} wide>
        <ProductInfoFields fields={fields} onChange={onChange} err={err} />
        <ProductVariants variants={variants} setVariants={setVariants} colorById={colorById} err={err} />
        <ProductMedia variants={variants} media={media} setMedia={setMedia} colorById={colorById} busy={busy} />
        {progress !== null && (
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
        )}
      </FormCard>
    </>
  );
}
