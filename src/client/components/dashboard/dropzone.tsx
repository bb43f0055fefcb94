// Drag-and-drop (or pick) several image files, with type/size/count checks (a refused file is named and the others
// are kept), previews, removal and progress.
import { useEffect, useId, useMemo, useState, type DragEvent } from 'react';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { ACCEPTED_IMAGE_TYPES, IMAGE_MAX_BYTES, IMAGE_MAX_FILES } from '#shared/schemas/catalog-admin';

export interface DropzoneProps {
  files: File[];
  onChange: (files: File[]) => void;
  label?: string;
  maxFiles?: number;
  maxBytes?: number;
  /** Upload progress 0..1 while uploading, null otherwise. */
  progress?: number | null;
  disabled?: boolean;
  /** Test hook and label target. */
  inputId?: string;
  /** Messages about files from elsewhere (the server's refusals, each naming its file), shown with the dropzone's own. */
  notes?: readonly string[];
}

/** "„foto.pdf“ u refuzua: …": the file's name in the message, as the server words its refusals. */
const refusedFile = (f: File, reason: string) => fill(staffMessages.dashboard.fileRefused, { name: f.name, reason });

/** Checks files against the accepted types and limits; returns the accepted ones and messages for the rest. */
export function checkFiles(
  incoming: File[],
  already: number,
  maxFiles: number,
  maxBytes: number,
): { accepted: File[]; errors: string[] } {
  const accepted: File[] = [];
  const errors = new Set<string>();
  for (const f of incoming) {
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(f.type))
      errors.add(refusedFile(f, staffMessages.dashboard.imageTypeRejected));
    else if (f.size > maxBytes)
      errors.add(
        refusedFile(f, fill(staffMessages.dashboard.imageTooLarge, { mb: Math.round(maxBytes / 1024 / 1024) })),
      );
    else if (f.size === 0) errors.add(refusedFile(f, staffMessages.dashboard.imageEmpty));
    else if (already + accepted.length >= maxFiles)
      errors.add(fill(staffMessages.dashboard.tooManyImages, { n: maxFiles }));
    else accepted.push(f);
  }
  return { accepted, errors: [...errors] };
}

export function Dropzone({
  files,
  onChange,
  label,
  maxFiles = IMAGE_MAX_FILES,
  maxBytes = IMAGE_MAX_BYTES,
  progress = null,
  disabled,
  inputId,
  notes = [],
}: DropzoneProps) {
  const autoId = useId();
  const id = inputId ?? `dz-${autoId}`;
  const [over, setOver] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  function add(list: FileList | null) {
    if (!list || disabled) return;
    const { accepted, errors: errs } = checkFiles([...list], files.length, maxFiles, maxBytes);
    setErrors(errs);
    if (accepted.length) onChange([...files, ...accepted]);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    add(e.dataTransfer.files);
  }

  return (
    <div className="dash-dropzone-wrap">
      <div
        className={`dash-dropzone${over ? ' is-over' : ''}${disabled ? ' is-disabled' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <input
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          multiple
          disabled={disabled}
          className="visually-hidden"
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
        <DropLabel id={id} label={label} maxFiles={maxFiles} maxBytes={maxBytes} />
      </div>
      {errors.length + notes.length > 0 && (
        <ul className="dash-error-list" role="alert" data-testid="refused-files">
          {[...new Set([...errors, ...notes])].map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <Previews files={files} onChange={onChange} disabled={disabled} />
      {progress !== null && (
        <div
          className="dash-progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          aria-label={staffMessages.dashboard.uploading}
        >
          <span style={{ width: `${Math.round(progress * 100)}%` }} />
        </div>
      )}
    </div>
  );
}

function DropLabel({
  id,
  label,
  maxFiles,
  maxBytes,
}: {
  id: string;
  label?: string;
  maxFiles: number;
  maxBytes: number;
}) {
  return (
    <label htmlFor={id}>
      <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{label ?? staffMessages.dashboard.dropImages}</span>
      <small>{fill(staffMessages.dashboard.dropLimits, { n: maxFiles, mb: Math.round(maxBytes / 1024 / 1024) })}</small>
    </label>
  );
}

/** The chosen files as thumbnails (object URLs released when the list changes), each removable. */
function Previews({ files, onChange, disabled }: Pick<DropzoneProps, 'files' | 'onChange' | 'disabled'>) {
  const previews = useMemo(() => files.map((f) => ({ file: f, url: URL.createObjectURL(f) })), [files]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);
  if (previews.length === 0) return null;
  return (
    <ul className="dash-thumbs">
      {previews.map((p, i) => (
        <li key={p.url}>
          <img src={p.url} alt={p.file.name} />
          {!disabled && (
            <button
              type="button"
              className="dash-thumb-remove"
              aria-label={`${staffMessages.dashboard.removeImage}: ${p.file.name}`}
              onClick={() => onChange(files.filter((_, j) => j !== i))}
            >
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
