// /dashboard/looks (issue 37, decision 276): staff group products into looks ("Plotëso stilin"): the list, and one
// form to create or edit a look (name, pieces picked with the staff product search, optional set discount 1–30 %,
// optional photo uploaded as product pictures are). The server checks the role and every field; its field messages
// land under the fields.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { StaffLookDto } from '#shared/dto/looks';
import { fill, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';
import { PageHeader } from '#client/components/dashboard/page-header';
import { uploadWithProgress } from '#client/components/dashboard/upload';
import { Field } from '#client/components/ui/field';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import { ProductPicker } from '#client/components/dashboard/product-picker';
import './looks-screen.css';

const m = staffMessages.looks;
const d = staffMessages.dashboard;

interface Draft {
  lookID: number | null;
  name: string;
  discount: string;
  productIDs: number[];
  photo: File | null;
}
const EMPTY: Draft = { lookID: null, name: '', discount: '', productIDs: [], photo: null };
const draftOf = (l: StaffLookDto): Draft => ({
  lookID: l.lookID,
  name: l.name,
  discount: l.discountPercentage === null ? '' : String(l.discountPercentage),
  productIDs: l.pieces.map((p) => p.productID),
  photo: null,
});

function useSaveLook() {
  const qc = useQueryClient();
  const create = useMutation(trpc.catalogAdmin.createLook.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.updateLook.mutationOptions());
  return async (draft: Draft) => {
    const input = { name: draft.name, discountPercentage: draft.discount.trim() || null, productIDs: draft.productIDs };
    const saved = draft.lookID
      ? await update.mutateAsync({ ...input, lookID: draft.lookID } as never)
      : await create.mutateAsync(input as never);
    if (draft.photo) {
      const body = new FormData();
      body.append('photo', draft.photo);
      const res = await uploadWithProgress(`/api/Looks/${saved.lookID}/photo`, body);
      if (!res.ok) notify.error(res.message);
    }
    await Promise.all([
      qc.invalidateQueries({ queryKey: trpc.catalogAdmin.looks.queryKey() }),
      qc.invalidateQueries({ queryKey: trpc.catalog.pathKey() }),
    ]);
  };
}

function LookForm({ draft, onDone, known }: { draft: Draft; onDone: () => void; known: StaffLookDto | null }) {
  const [form, setForm] = useState(draft);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const save = useSaveLook();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setForm((f) => ({ ...f, [key]: value }));
  const piecesError = Object.entries(errors).find(([k]) => k.startsWith('productIDs'))?.[1]?.[0];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await save(form);
      notify.success(m.saved);
      onDone();
    } catch (err) {
      const read = readError(err, d.saveFailed);
      setErrors(read.fieldErrors ?? {});
      notify.error(read.message);
    } finally {
      setBusy(false);
    }
  };
  const knownPieces = known?.pieces.map((p) => ({ ...p, barcode: '', price: 0, imageURL: null })) ?? [];
  return (
    <form
      className="dash-card look-form"
      onSubmit={(e) => void submit(e)}
      aria-label={form.lookID ? m.editLook : m.newLook}
    >
      <h2>{form.lookID ? m.editLook : m.newLook}</h2>
      <Field id="look-name" label={m.name} required error={errors.name?.[0]}>
        {(c) => <input {...c} value={form.name} onChange={(e) => set('name', e.target.value)} maxLength={80} />}
      </Field>
      <Field id="look-discount" label={m.discount} hint={m.discountHint} error={errors.discountPercentage?.[0]}>
        {(c) => (
          <input {...c} inputMode="numeric" value={form.discount} onChange={(e) => set('discount', e.target.value)} />
        )}
      </Field>
      <Field id="look-pieces" label={m.pieces} required error={piecesError}>
        {(c) => (
          <ProductPicker
            control={c}
            known={knownPieces}
            value={form.productIDs}
            onChange={(ids) => set('productIDs', ids)}
          />
        )}
      </Field>
      <Field id="look-photo" label={m.photo} hint={m.photoHint}>
        {(c) => (
          <input
            {...c}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => set('photo', e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      {known?.photoURL && <img src={`${known.photoURL}?w=400`} alt="" width={120} className="look-form__photo" />}
      <div className="dash-actions">
        <button type="submit" className="dash-btn dash-btn--primary" disabled={busy}>
          {m.save}
        </button>
        <button type="button" className="dash-btn" onClick={onDone}>
          {m.cancel}
        </button>
      </div>
    </form>
  );
}

export function LooksScreen() {
  const list = useQuery(trpc.catalogAdmin.looks.queryOptions());
  const qc = useQueryClient();
  const del = useMutation(trpc.catalogAdmin.deleteLook.mutationOptions());
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<{ draft: Draft; known: StaffLookDto | null } | null>(null);
  async function remove(l: StaffLookDto) {
    if (!(await confirm(fill(m.deleteConfirm, { name: l.name }), { keep: m.keep, confirm: m.remove }))) return;
    try {
      await del.mutateAsync({ lookID: l.lookID });
      notify.success(m.deleted);
      await qc.invalidateQueries({ queryKey: trpc.catalogAdmin.looks.queryKey() });
    } catch (err) {
      notify.error(readError(err, d.saveFailed).message);
    }
  }
  return (
    <>
      <PageHeader title={m.title} />
      <p className="dash-hint">{m.intro}</p>
      {editing ? (
        <LookForm
          key={editing.draft.lookID ?? 0}
          draft={editing.draft}
          known={editing.known}
          onDone={() => setEditing(null)}
        />
      ) : (
        <button
          type="button"
          className="dash-btn dash-btn--primary"
          onClick={() => setEditing({ draft: EMPTY, known: null })}
        >
          {m.newLook}
        </button>
      )}
      {list.data?.length === 0 && <p className="dash-hint">{m.none}</p>}
      <ul className="look-list">
        {list.data?.map((l) => (
          <li key={l.lookID} className="dash-card look-list__item" data-testid="staff-look">
            {l.photoURL && <img src={`${l.photoURL}?w=400`} alt="" width={64} height={80} />}
            <div>
              <strong>{l.name}</strong> · {plural(m.piecesCount, l.pieces.length)} ·{' '}
              {l.discountPercentage === null ? m.noDiscount : `−${l.discountPercentage}%`}
              <p className="dash-hint">{l.pieces.map((p) => p.name).join(', ')}</p>
            </div>
            <div className="dash-actions">
              <button
                type="button"
                className="dash-btn dash-btn--sm"
                onClick={() => setEditing({ draft: draftOf(l), known: l })}
              >
                {m.edit}
              </button>
              <button type="button" className="dash-btn dash-btn--sm dash-btn--danger" onClick={() => void remove(l)}>
                {m.remove}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {dialog}
    </>
  );
}
