// Colour list with delete, and the add screen: upload photos, the server finds their dominant colours
// (named in Albanian), staff confirm / rename the ones to add.
import { notify } from '../../lib/notify';
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ColorDto } from '../../../shared/dto/catalog';
import type { DetectedColorDto } from '../../../shared/dto/catalog-admin';
import { fill, messages, plural } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { readError } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import { useConfirm } from '../../components/dashboard/confirm-dialog';
import { DataTable, filterRows, type Column } from '../../components/dashboard/data-table';
import { PageHeader } from '../../components/dashboard/page-header';
import { Dropzone } from '../../components/dashboard/dropzone';
import { useDashboardSearch } from '../../components/dashboard/search-store';
import { uploadWithProgress } from '../../components/dashboard/upload';
import { invalidateCatalog } from './invalidate';

const m = staffMessages.dashboard;

export function ColorList() {
  const search = useDashboardSearch();
  const list = useQuery(trpc.catalog.colors.queryOptions());
  const del = useMutation(trpc.catalogAdmin.deleteColor.mutationOptions());
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
  const columns: Column<ColorDto>[] = [
    { key: 'n', header: m.colNumber, cell: (_c, i) => i + 1, className: 'num' },
    {
      key: 'sw',
      header: m.colColors,
      cell: (c) => (
        <span className="dash-swatch dash-swatch--lg" style={{ background: c.hexCode }} aria-hidden="true" />
      ),
    },
    { key: 'name', header: m.colorName, cell: (c) => c.colorName },
    { key: 'hex', header: m.colHex, cell: (c) => <code>{c.hexCode}</code> },
    {
      key: 'a',
      header: m.colActions,
      className: 'actions',
      cell: (c) => (
        <button
          type="button"
          className="dash-btn dash-btn--sm dash-btn--danger"
          onClick={() => onDelete(c)}
          aria-label={`${messages.common.delete}: ${c.colorName}`}
        >
          {messages.common.delete}
        </button>
      ),
    },
  ];
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

interface Suggestion extends DetectedColorDto {
  selected: boolean;
  name: string;
}

// eslint-disable-next-line max-lines-per-function -- over 80 once formatted (issue 23); to be split
export function AddColors() {
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  const [busy, setBusy] = useState(false);
  const create = useMutation(trpc.catalogAdmin.createColors.mutationOptions());

  async function detect(e: FormEvent) {
    e.preventDefault();
    if (files.length === 0) {
      setError(m.selectAtLeastOneImage);
      return;
    }
    setError(null);
    setBusy(true);
    const body = new FormData();
    files.forEach((f) => body.append('images', f, f.name));
    setProgress(0);
    const res = await uploadWithProgress<DetectedColorDto[]>('/api/Color/detect-colors', body, {
      onProgress: setProgress,
    });
    setBusy(false);
    setProgress(null);
    if (!res.ok || !res.data) {
      const msg = res.status >= 400 && res.status < 500 && res.message ? res.message : m.extractColorsFailed;
      setError(msg);
      notify.error(m.extractColorsFailed);
      return;
    }
    setSuggestions(res.data.map((d) => ({ ...d, name: d.colorName, selected: d.existingColorID === null })));
  }

  async function addSelected() {
    const chosen = (suggestions ?? []).filter((s) => s.selected && s.existingColorID === null);
    if (!chosen.length) return;
    setBusy(true);
    try {
      await create.mutateAsync(chosen.map((s) => ({ colorName: s.name.trim(), hexCode: s.hexCode })));
      await invalidateCatalog();
      notify.success(plural(m.colorsAdded, chosen.length));
      await navigate({ to: '/dashboard/colors' });
    } catch (err) {
      const read = readError(err, m.extractColorsFailed);
      setError(read.fieldErrors?.colorName?.[0] ?? read.message);
      notify.error(m.extractColorsFailed);
    } finally {
      setBusy(false);
    }
  }

  const setS = (i: number, patch: Partial<Suggestion>) =>
    setSuggestions((all) => all!.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  return (
    <>
      <PageHeader title={m.addColors} />
      <form className="dash-card dash-form" onSubmit={detect} noValidate>
        <p className="dash-muted">{m.colorUploadHint}</p>
        <Dropzone
          files={files}
          onChange={(f) => {
            setFiles(f);
            setSuggestions(null);
            if (f.length > 0) setError(null);
          }}
          progress={progress}
          disabled={busy}
          inputId="color-images"
        />
        {error && (
          <p className="dash-error" role="alert">
            {error}
          </p>
        )}
        <div className="dash-form-actions">
          <button type="submit" className="dash-btn dash-btn--primary" disabled={busy}>
            {busy && !suggestions ? m.extracting : m.extractColors}
          </button>
        </div>
      </form>
      {suggestions && <DetectedColors suggestions={suggestions} busy={busy} onChange={setS} onAdd={addSelected} />}
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
