// Product add/edit form: info, main then sub category, price, in-stock toggle, events, a variants table
// (size × colour × stock) and media per colour (drag-and-drop with progress, keep/remove existing images).
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import type { ProductDto } from '../../../shared/dto/catalog';
import { fill, messages } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { formErrors, ProductFormInput, VariantsInput } from '../../../shared/schemas/catalog-admin';
import { sortSizes } from '../../../shared/sizes';
import { readError } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import { Dropzone } from '../../components/dashboard/dropzone';
import { FormCard, FormField } from '../../components/dashboard/form-field';
import { PageHeader } from '../../components/dashboard/page-header';
import { uploadWithProgress } from '../../components/dashboard/upload';
import { invalidateCatalog } from './invalidate';

const m = staffMessages.dashboard;

interface VariantRow { key: number; variantID?: number; sizeID: string; colorID: string; stockQuantity: string }
interface ColorMedia { existing: string[]; removed: string[]; files: File[] }

let rowSeq = 0;
const newRow = (): VariantRow => ({ key: ++rowSeq, sizeID: '', colorID: '', stockQuantity: '0' });

export function ProductForm({ product }: { product?: ProductDto }) {
  const navigate = useNavigate();
  const editing = Boolean(product);
  const [name, setName] = useState(product?.name ?? '');
  const [barcode, setBarcode] = useState(product?.barcode ?? '');
  const [brand, setBrand] = useState(product?.brand ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [price, setPrice] = useState(product ? String(product.price) : '');
  const [isActive, setIsActive] = useState(product?.isActive ?? true);
  const [mainCategoryID, setMainCategoryID] = useState(product ? String(product.mainCategoryID) : '');
  const [categoryID, setCategoryID] = useState(product ? String(product.categoryID) : '');
  const [eventIDs, setEventIDs] = useState<number[]>(product?.eventIDs ?? []);
  const [variants, setVariants] = useState<VariantRow[]>(() =>
    product?.productVariants.length
      ? product.productVariants.map((v) => ({ key: ++rowSeq, variantID: v.variantID, sizeID: String(v.sizeID), colorID: String(v.colorID), stockQuantity: String(v.stockQuantity) }))
      : [newRow()],
  );
  const [media, setMedia] = useState<Record<string, ColorMedia>>(() =>
    Object.fromEntries((product?.images ?? []).map((g) => [String(g.colorID), { existing: [...g.imageURLs], removed: [], files: [] }])),
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const formTop = useRef<HTMLDivElement>(null);

  const mains = useQuery(trpc.catalog.mainCategories.queryOptions());
  const subs = useQuery(trpc.catalog.categoriesByMain.queryOptions({ mainCategoryID: mainCategoryID === '2' ? 2 : 1 }, { enabled: Boolean(mainCategoryID) }));
  const sizes = useQuery(trpc.catalog.sizes.queryOptions());
  const colors = useQuery(trpc.catalog.colors.queryOptions());
  const events = useQuery(trpc.catalog.events.queryOptions());
  const create = useMutation(trpc.catalogAdmin.createProduct.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.updateProduct.mutationOptions());

  const sortedSizes = useMemo(() => sortSizes(sizes.data ?? []), [sizes.data]);
  const colorById = useMemo(() => new Map((colors.data ?? []).map((c) => [String(c.colorID), c])), [colors.data]);
  // Media sections: every colour chosen in the variants, plus colours that already have images.
  const mediaColors = useMemo(() => {
    const ids = new Set(variants.map((v) => v.colorID).filter(Boolean));
    for (const [id, md] of Object.entries(media)) if (md.existing.length || md.files.length) ids.add(id);
    return [...ids];
  }, [variants, media]);

  useEffect(() => {
    if (Object.keys(errors).length) formTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [errors]);

  function onMainChange(value: string) {
    setMainCategoryID(value);
    setCategoryID(''); // a new main category invalidates the chosen sub category
  }

  const setRow = (key: number, patch: Partial<VariantRow>) => setVariants((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const mediaOf = (colorId: string): ColorMedia => media[colorId] ?? { existing: [], removed: [], files: [] };
  const setMediaOf = (colorId: string, patch: Partial<ColorMedia>) => setMedia((all) => ({ ...all, [colorId]: { ...mediaOf(colorId), ...patch } }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const form = ProductFormInput.safeParse({ name, barcode, description, brand, price, isActive, mainCategoryID, categoryID, eventIDs });
    const rows = VariantsInput.safeParse(
      variants.map((v) => ({ variantID: v.variantID, sizeID: v.sizeID, colorID: v.colorID, stockQuantity: v.stockQuantity })),
    );
    const errs: Record<string, string[]> = {};
    if (!form.success) Object.assign(errs, formErrors(form.error));
    if (!rows.success) for (const [k, v] of Object.entries(formErrors(rows.error))) errs[k === '_' ? 'variants' : `variants.${k}`] = v;
    setErrors(errs);
    if (!form.success || !rows.success) return;
    const { mainCategoryID: _main, ...details } = form.data;
    setBusy(true);
    try {
      const { productID } = product
        ? await update.mutateAsync({ productID: product.productID, details, variants: rows.data })
        : await create.mutateAsync({ details, variants: rows.data.map(({ sizeID, colorID, stockQuantity }) => ({ sizeID, colorID, stockQuantity })) });
      const uploadError = await saveMedia(productID);
      await invalidateCatalog();
      if (uploadError) {
        toast.error(fill(m.imagesSaveFailed, { message: uploadError }));
        if (!product) await navigate({ to: '/dashboard/edit-product/$productID', params: { productID: String(productID) } });
        return;
      }
      toast.success(m.productSaved);
      await navigate({ to: '/dashboard/products' });
    } catch (err) {
      const read = readError(err, m.saveFailed);
      setErrors(read.fieldErrors ?? {});
      toast.error(read.message);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  /** Sends the media of every colour that changed in one multipart request; returns an error text or null. */
  async function saveMedia(productID: number): Promise<string | null> {
    const changed = Object.entries(media).filter(([, md]) => md.files.length || md.removed.length);
    if (!changed.length) return null;
    const body = new FormData();
    changed.forEach(([colorId, md], i) => {
      body.set(`images[${i}].colorID`, colorId);
      md.files.forEach((f) => body.append(`images[${i}].imageFiles`, f, f.name));
      md.existing.forEach((u, j) => body.set(`images[${i}].existingFiles[${j}]`, u));
      md.removed.forEach((u, j) => body.set(`images[${i}].removedFiles[${j}]`, u));
    });
    setProgress(0);
    const res = await uploadWithProgress(`/api/Product/${productID}/Images`, body, { onProgress: setProgress });
    if (!res.ok) return res.message;
    setMedia((all) => Object.fromEntries(Object.entries(all).map(([k, v]) => [k, { ...v, files: [], removed: [] }])));
    return null;
  }

  const err = (k: string) => errors[k]?.[0];
  const subDisabled = !mainCategoryID;

  return (
    <>
      <div ref={formTop} />
      <PageHeader title={editing ? `${m.editProduct}: ${product!.name}` : m.addProduct} />
      <FormCard onSubmit={onSubmit} submitLabel={messages.common.save} busy={busy} wide>
        <h2 className="dash-section-title dash-section-first">{m.productInfo}</h2>
        <div className="dash-form-grid">
          <FormField label={m.productName} htmlFor="p-name" error={err('name')} required>
            <input id="p-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} aria-invalid={Boolean(err('name'))} />
          </FormField>
          <FormField label={m.barcode} htmlFor="p-barcode" error={err('barcode')}>
            <input id="p-barcode" value={barcode} onChange={(e) => setBarcode(e.target.value)} maxLength={64} inputMode="numeric" />
          </FormField>
          <FormField label={m.brand} htmlFor="p-brand" error={err('brand')}>
            <input id="p-brand" value={brand ?? ''} onChange={(e) => setBrand(e.target.value)} maxLength={100} />
          </FormField>
          <FormField label={m.price} htmlFor="p-price" error={err('price')} required>
            <input id="p-price" type="number" min="0" step="0.01" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} aria-invalid={Boolean(err('price'))} />
          </FormField>
          <FormField label={m.mainCategory} htmlFor="p-main" error={err('mainCategoryID')} required>
            <select id="p-main" value={mainCategoryID} onChange={(e) => onMainChange(e.target.value)}>
              <option value="">{m.chooseMainCategory}</option>
              {mains.data?.map((c) => <option key={c.mainCategoryID} value={c.mainCategoryID}>{c.mainCategoryName}</option>)}
            </select>
          </FormField>
          <FormField label={m.subCategory} htmlFor="p-sub" error={err('categoryID')} required hint={subDisabled ? m.chooseMainFirst : undefined}>
            <select id="p-sub" value={categoryID} onChange={(e) => setCategoryID(e.target.value)} disabled={subDisabled}>
              <option value="">{m.chooseSubCategory}</option>
              {!subDisabled && subs.data?.map((c) => <option key={c.categoryID} value={c.categoryID}>{c.categoryName}</option>)}
            </select>
          </FormField>
        </div>
        <FormField label={m.description} htmlFor="p-desc" error={err('description')}>
          <textarea id="p-desc" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={5000} />
        </FormField>
        <div className="dash-form-grid">
          <FormField label={m.eventsLabel} htmlFor="p-events" error={err('eventIDs')} hint={m.eventsHint}>
            <select
              id="p-events"
              multiple
              value={eventIDs.map(String)}
              onChange={(e) => setEventIDs([...e.target.selectedOptions].map((o) => Number(o.value)))}
            >
              {events.data?.map((ev) => <option key={ev.eventID} value={ev.eventID}>{ev.eventName}</option>)}
            </select>
          </FormField>
          <div className="dash-field">
            <span className="dash-field-label">{m.inStock}</span>
            <label className="dash-toggle" htmlFor="p-active">
              <input id="p-active" type="checkbox" role="switch" checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />
              {isActive ? messages.common.yes : messages.common.no}
            </label>
          </div>
        </div>

        <h2 className="dash-section-title">{m.variants}</h2>
        {err('variants') && <p className="dash-error" role="alert">{err('variants')}</p>}
        <div className="dash-table-wrap">
          <table className="dash-table dash-variants">
            <thead>
              <tr>
                <th scope="col">{m.colSizes}</th>
                <th scope="col">{m.colColors}</th>
                <th scope="col">{m.stockQuantity}</th>
                <th scope="col"><span className="visually-hidden">{m.colActions}</span></th>
              </tr>
            </thead>
            <tbody>
              {variants.map((v, i) => (
                <tr key={v.key}>
                  <td>
                    <select aria-label={`${m.chooseSize} ${i + 1}`} value={v.sizeID} onChange={(e) => setRow(v.key, { sizeID: e.target.value })} className="dash-input">
                      <option value="">{m.chooseSize}</option>
                      {sortedSizes.map((s) => <option key={s.sizeID} value={s.sizeID}>{s.sizeName}</option>)}
                    </select>
                    {err(`variants.${i}.sizeID`) && <p className="dash-error">{err(`variants.${i}.sizeID`)}</p>}
                  </td>
                  <td>
                    <span className="dash-color-pick">
                      <span className="dash-swatch" style={{ background: colorById.get(v.colorID)?.hexCode ?? 'transparent' }} aria-hidden="true" />
                      <select aria-label={`${m.chooseColor} ${i + 1}`} value={v.colorID} onChange={(e) => setRow(v.key, { colorID: e.target.value })} className="dash-input">
                        <option value="">{m.chooseColor}</option>
                        {colors.data?.map((c) => <option key={c.colorID} value={c.colorID}>{c.colorName}</option>)}
                      </select>
                    </span>
                    {err(`variants.${i}.colorID`) && <p className="dash-error">{err(`variants.${i}.colorID`)}</p>}
                  </td>
                  <td>
                    <input aria-label={`${m.stockQuantity} ${i + 1}`} type="number" min="0" step="1" value={v.stockQuantity} onChange={(e) => setRow(v.key, { stockQuantity: e.target.value })} className="dash-input dash-stock" />
                    {err(`variants.${i}.stockQuantity`) && <p className="dash-error">{err(`variants.${i}.stockQuantity`)}</p>}
                  </td>
                  <td className="actions">
                    <button type="button" className="dash-btn dash-btn--sm" aria-label={`${m.removeVariant} ${i + 1}`} onClick={() => setVariants((rows) => rows.filter((r) => r.key !== v.key))}>
                      ×
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div>
          <button type="button" className="dash-btn" onClick={() => setVariants((rows) => [...rows, newRow()])}>+ {m.addVariant}</button>
        </div>

        <h2 className="dash-section-title">{m.media}</h2>
        {mediaColors.length === 0 && <p className="dash-muted">{m.mediaHint}</p>}
        <div className="dash-media-grid">
          {mediaColors.map((colorId) => {
            const md = mediaOf(colorId);
            const color = colorById.get(colorId);
            return (
              <section key={colorId} className="dash-media" aria-label={`${m.media}: ${color?.colorName ?? colorId}`}>
                <h3>
                  <span className="dash-swatch" style={{ background: color?.hexCode }} aria-hidden="true" /> {color?.colorName ?? colorId}
                </h3>
                {md.existing.length + md.removed.length > 0 && (
                  <>
                    <p className="dash-hint">{m.existingImages}</p>
                    <ul className="dash-thumbs">
                      {[...md.existing, ...md.removed].map((url) => {
                        const removed = md.removed.includes(url);
                        return (
                          <li key={url} className={removed ? 'is-removed' : undefined}>
                            <img src={`${url}?w=400`} alt="" />
                            <button
                              type="button"
                              className="dash-thumb-remove"
                              aria-label={removed ? m.restoreImage : m.removeImage}
                              title={removed ? m.restoreImage : m.removeImage}
                              onClick={() =>
                                removed
                                  ? setMediaOf(colorId, { removed: md.removed.filter((u) => u !== url), existing: [...md.existing, url] })
                                  : setMediaOf(colorId, { existing: md.existing.filter((u) => u !== url), removed: [...md.removed, url] })
                              }
                            >
                              {removed ? '↺' : '×'}
                            </button>
                          </li>
                        );
                      })}
                    </ul>
                  </>
                )}
                <Dropzone files={md.files} onChange={(files) => setMediaOf(colorId, { files })} inputId={`media-${colorId}`} disabled={busy} progress={null} />
              </section>
            );
          })}
        </div>
        {progress !== null && (
          <div className="dash-progress" role="progressbar" aria-label={m.uploading} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
            <span style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
        )}
      </FormCard>
    </>
  );
}
