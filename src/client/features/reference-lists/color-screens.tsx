// Colour list with edit and delete, and the add screen: upload photos, the server finds their dominant colours
// (named in Albanian), staff confirm / rename the ones to add; or one colour typed by name and hex (issue 35).
import { notify } from '#client/lib/notify';
import { useState } from 'react';
import { z } from 'zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ColorDto } from '#shared/dto/catalog';
import type { DetectedColorDto, RefusedFileDto } from '#shared/dto/catalog-admin';
import { fill, messages, plural } from '#shared/messages';
import { isNoColour } from '#shared/colours';
import { staffMessages } from '#shared/messages-staff';
import { readError, RestError } from '#client/lib/api-error';
import { useForm } from '#client/lib/forms/use-form';
import { SubmitButton } from '#client/components/ui/submit-button';
import { trpc } from '#client/lib/trpc';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';
import { DataTable, filterRows, type Column } from '#client/components/dashboard/data-table';
import { PageHeader } from '#client/components/dashboard/page-header';
import { Dropzone } from '#client/components/dashboard/dropzone';
import { Swatch } from '#client/components/dashboard/swatch';
import { useDashboardSearch } from '#client/components/dashboard/search-store';
import { uploadWithProgress } from '#client/components/dashboard/upload';
import { invalidateCatalog } from '#client/components/dashboard/invalidate-catalog';
import { ColorForm } from './color-form';

const m = staffMessages.dashboard;

export function ColorList() {
  const search = useDashboardSearch();
  const list = useQuery(trpc.catalog.colors.queryOptions());
  const del = useMutation(trpc.catalogAdmin.deleteColor.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.updateColor.mutationOptions());
  const [editing, setEditing] = useState<ColorDto | null>(null);
  const { confirm, dialog } = useConfirm();
  const rows = filterRows(list.data, search, (c) => [c.colorName, c.hexCode]);
  async function onDelete(c: ColorDto) {
    if (!(await confirm(`${m.confirmDelete} (${c.colorName})`))) return;
    try {
      await del.mutateAsync({ colorID: c.colorID });
      notify.success(m.deleted);
      await invalidateCatalog();
    } catch (err) {
      notify.error(readError(err, m.saveFailed).message);
    }
  }
  const columns = colorColumns(setEditing, (c) => void onDelete(c));
  return (
    <>
      <PageHeader
        title={m.colors}
        actions={
          <Link to="/dashboard/add-colors" className="dash-btn dash-btn--primary">
            {m.addColors}
          </Link>
        }
      />
      {editing && (
        <ColorForm
          key={editing.colorID}
          colour={editing}
          title={fill(m.editColor, { name: editing.colorName })}
          submitLabel={messages.common.save}
          focusOnOpen
          onCancel={() => setEditing(null)}
          onSave={async (input) => {
            await update.mutateAsync({ colorID: editing.colorID, ...input });
            notify.success(m.colorSaved);
            await invalidateCatalog();
            setEditing(null);
          }}
        />
      )}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(c) => c.colorID}
        loading={list.isPending}
        error={list.isError ? readError(list.error, messages.common.serverError).message : null}
        emptyText={m.noColors}
      />
      {dialog}
    </>
  );
}

/** The list's columns: number, swatch, name, hex, and edit / delete (none for the "no colour" marker). */
function colorColumns(onEdit: (c: ColorDto) => void, onDelete: (c: ColorDto) => void): Column<ColorDto>[] {
  return [
    { key: 'n', header: m.colNumber, cell: (_c, i) => i + 1, className: 'num' },
    {
      key: 'sw',
      header: m.colColors,
      cell: (c) => <Swatch colour={c} large />,
    },
    { key: 'name', header: m.colorName, cell: (c) => c.colorName },
    { key: 'hex', header: m.colHex, cell: (c) => (isNoColour(c) ? m.noColourHex : <code>{c.hexCode}</code>) },
    {
      key: 'a',
      header: m.colActions,
      className: 'actions',
      cell: (c) =>
        isNoColour(c) ? null : (
          <>
            <button
              type="button"
              className="dash-btn dash-btn--sm"
              onClick={() => onEdit(c)}
              aria-label={`${messages.common.edit}: ${c.colorName}`}
            >
              {messages.common.edit}
            </button>
            <button
              type="button"
              className="dash-btn dash-btn--sm dash-btn--danger"
              onClick={() => onDelete(c)}
              aria-label={`${messages.common.delete}: ${c.colorName}`}
            >
              {messages.common.delete}
            </button>
          </>
        ),
    },
  ];
}

interface Suggestion extends DetectedColorDto {
  selected: boolean;
  name: string;
}

/** At least one photo to find the colours in (the files never reach a schema on the server: it reads the upload). */
const DetectInput = z.object({
  files: z.array(z.custom<File>((v) => v instanceof Blob)).min(1, m.selectAtLeastOneImage),
});

/** Whether the server's (trimmed) name of a refused photo is this file's. */
const isRefused = (f: File, r: RefusedFileDto) =>
  r.fileName === f.name || (r.fileName.endsWith('…') && f.name.startsWith(r.fileName.slice(0, -1)));

/**
 * The first step: the photos sent to the server, which answers with the dominant colours it found. A photo it cannot
 * use is named (decision 219): it leaves the selection, the good ones stay for the next try, `onRefused` shows why.
 */
function useDetectForm(onFound: (found: Suggestion[]) => void, onRefused: (messages: string[]) => void) {
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm({
    initialValues: { files: [] as File[] },
    schema: DetectInput,
    errorFallback: m.extractColorsFailed,
    onSubmit: async ({ files }, helpers) => {
      const body = new FormData();
      files.forEach((f) => body.append('images', f, f.name));
      setProgress(0);
      const res = await uploadWithProgress<DetectedColorDto[]>('/api/Color/detect-colors', body, {
        onProgress: setProgress,
      }).finally(() => setProgress(null));
      const refused = (res.details?.refused ?? []) as RefusedFileDto[];
      if (refused.length) {
        helpers.setValues((v) => ({ files: v.files.filter((f) => !refused.some((r) => isRefused(f, r))) }));
        onRefused(refused.map((r) => r.message));
        notify.error(plural(m.filesRefused, refused.length));
        return;
      }
      if (!res.ok || !res.data) throw new RestError(res.status, { Message: res.message, errors: res.fieldErrors });
      onFound(res.data.map((d) => ({ ...d, name: d.colorName, selected: d.existingColorID === null })));
    },
    onError: () => notify.error(m.extractColorsFailed),
  });
  return { form, progress };
}

/** The second step: the ticked new colours added under the names given. */
function useAddSelected(suggestions: Suggestion[] | null, onFailed: (message: string) => void) {
  const navigate = useNavigate();
  const create = useMutation(trpc.catalogAdmin.createColors.mutationOptions());
  async function addSelected() {
    const chosen = (suggestions ?? []).filter((s) => s.selected && s.existingColorID === null);
    if (!chosen.length) return;
    try {
      await create.mutateAsync(chosen.map((s) => ({ colorName: s.name.trim(), hexCode: s.hexCode })));
      await invalidateCatalog();
      notify.success(plural(m.colorsAdded, chosen.length));
      await navigate({ to: '/dashboard/colors' });
    } catch (err) {
      const read = readError(err, m.extractColorsFailed);
      onFailed(read.fieldErrors?.colorName?.[0] ?? read.message);
      notify.error(m.extractColorsFailed);
    }
  }
  return { addSelected, adding: create.isPending };
}

/** One colour typed by name and hex: added, then the list. */
function useAddOne() {
  const navigate = useNavigate();
  const create = useMutation(trpc.catalogAdmin.createColors.mutationOptions());
  return async (input: { colorName: string; hexCode: string }) => {
    await create.mutateAsync([input]);
    await invalidateCatalog();
    notify.success(plural(m.colorsAdded, 1));
    await navigate({ to: '/dashboard/colors' });
  };
}

export function AddColors() {
  const addOne = useAddOne();
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const { form, progress } = useDetectForm(setSuggestions, setRefused);
  const { addSelected, adding } = useAddSelected(suggestions, form.setFormError);
  const busy = form.submitting || adding;
  const setS = (i: number, patch: Partial<Suggestion>) =>
    setSuggestions((all) => all!.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <>
      <PageHeader title={m.addColors} />
      <form className="dash-card dash-form" {...form.formProps}>
        <p className="dash-muted">{m.colorUploadHint}</p>
        <Dropzone
          files={form.values.files}
          onChange={(f) => {
            form.set('files', f);
            setRefused([]);
            setSuggestions(null);
            if (f.length > 0) form.setFormError(null);
          }}
          progress={progress}
          disabled={busy}
          inputId="color-images"
          notes={refused}
        />
        {(form.errors.files ?? form.formError) && (
          <p className="dash-error" role="alert">
            {form.errors.files ?? form.formError}
          </p>
        )}
        <div className="dash-form-actions">
          <SubmitButton
            form={form}
            className="dash-btn dash-btn--primary"
            label={m.extractColors}
            pendingLabel={m.extracting}
            disabled={busy}
          />
        </div>
      </form>
      {suggestions && <DetectedColors suggestions={suggestions} busy={busy} onChange={setS} onAdd={addSelected} />}
      <ColorForm title={m.addColorByName} submitLabel={m.addColor} onSave={addOne} />
    </>
  );
}

interface DetectedProps {
  suggestions: Suggestion[];
  busy: boolean;
  onChange: (index: number, patch: Partial<Suggestion>) => void;
  onAdd: () => void;
}

/** The colours found in the images: tick and rename new ones; colours the shop already has are shown, not offered. */
function DetectedColors({ suggestions, busy, onChange, onAdd }: DetectedProps) {
  return (
    <section className="dash-card dash-form dash-detected" aria-labelledby="detected-title">
      <h2 id="detected-title" className="dash-section-title dash-section-first">
        {m.detectedColors}
      </h2>
      <p className="dash-hint">{m.detectedHint}</p>
      <ul className="dash-detected-list">
        {suggestions.map((s, i) => (
          <li key={`${s.hexCode}-${i}`}>
            <input
              type="checkbox"
              id={`detected-${i}`}
              checked={s.selected && s.existingColorID === null}
              disabled={s.existingColorID !== null}
              onChange={(e) => onChange(i, { selected: e.target.checked })}
            />
            <span className="dash-swatch dash-swatch--lg" style={{ background: s.hexCode }} aria-hidden="true" />
            <label htmlFor={`detected-${i}`} className="visually-hidden">
              {s.name}
            </label>
            <input
              className="dash-input"
              aria-label={m.colorName}
              value={s.name}
              disabled={s.existingColorID !== null}
              onChange={(e) => onChange(i, { name: e.target.value })}
              maxLength={60}
            />
            <code>{s.hexCode}</code>
            <span className="dash-muted">{fill(m.share, { n: Math.round(s.share * 100) })}</span>
            {s.existingColorID !== null && <span className="dash-chip">{m.colorExists}</span>}
          </li>
        ))}
      </ul>
      <div className="dash-form-actions">
        <button
          type="button"
          className="dash-btn dash-btn--primary"
          disabled={busy || !suggestions.some((s) => s.selected && s.existingColorID === null)}
          onClick={onAdd}
        >
          {m.addSelectedColors}
        </button>
      </div>
    </section>
  );
}
