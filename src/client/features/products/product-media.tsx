// The product form's media section: per colour (chosen in the variants or already with images) its existing
// images (remove / restore) and a dropzone for new ones, with the server's refusals of its last photos (by name).
import { useMemo } from 'react';
import type { ColorDto } from '#shared/dto/catalog';
import { staffMessages } from '#shared/messages-staff';
import { Dropzone } from '#client/components/dashboard/dropzone';
import { Swatch } from '#client/components/dashboard/swatch';
import { emptyMedia, type ColorMedia, type MediaByColor, type VariantRow } from './product-form-model';

const m = staffMessages.dashboard;

interface Props {
  variants: VariantRow[];
  media: MediaByColor;
  setMedia: (update: (all: MediaByColor) => MediaByColor) => void;
  colorById: Map<string, ColorDto>;
  busy: boolean;
}

export function ProductMedia({ variants, media, setMedia, colorById, busy }: Props) {
  // Media sections: every colour chosen in the variants, plus colours that already have images.
  const mediaColors = useMemo(() => {
    const ids = new Set(variants.map((v) => v.colorID).filter(Boolean));
    for (const [id, md] of Object.entries(media)) if (md.existing.length || md.files.length) ids.add(id);
    return [...ids];
  }, [variants, media]);
  const mediaOf = (colorId: string): ColorMedia => media[colorId] ?? emptyMedia();
  const setMediaOf = (colorId: string, patch: Partial<ColorMedia>) =>
    setMedia((all) => ({ ...all, [colorId]: { ...mediaOf(colorId), ...patch } }));

  return (
    <>
      <h2 className="dash-section-title">{m.media}</h2>
      {mediaColors.length === 0 && <p className="dash-muted">{m.mediaHint}</p>}
      <div className="dash-media-grid">
        {mediaColors.map((colorId) => (
          <ColorMediaCard
            key={colorId}
            colorId={colorId}
            color={colorById.get(colorId)}
            md={mediaOf(colorId)}
            onChange={(patch) => setMediaOf(colorId, patch)}
            busy={busy}
          />
        ))}
      </div>
    </>
  );
}

interface CardProps {
  colorId: string;
  color?: ColorDto;
  md: ColorMedia;
  onChange: (patch: Partial<ColorMedia>) => void;
  busy: boolean;
}

function ColorMediaCard({ colorId, color, md, onChange, busy }: CardProps) {
  return (
    <section className="dash-media" aria-label={`${m.media}: ${color?.colorName ?? colorId}`}>
      <h3>
        <Swatch colour={color} /> {color?.colorName ?? colorId}
      </h3>
      {md.existing.length + md.removed.length > 0 && (
        <>
          <p className="dash-hint">{m.existingImages}</p>
          <ul className="dash-thumbs">
            {[...md.existing, ...md.removed].map((url) => (
              <ExistingImage key={url} url={url} md={md} onChange={onChange} />
            ))}
          </ul>
        </>
      )}
      <Dropzone
        files={md.files}
        onChange={(files) => onChange({ files, refused: [] })}
        inputId={`media-${colorId}`}
        disabled={busy}
        progress={null}
        notes={md.refused}
      />
    </section>
  );
}

function ExistingImage({
  url,
  md,
  onChange,
}: {
  url: string;
  md: ColorMedia;
  onChange: (patch: Partial<ColorMedia>) => void;
}) {
  const removed = md.removed.includes(url);
  return (
    <li className={removed ? 'is-removed' : undefined}>
      <img src={`${url}?w=400`} alt="" />
      <button
        type="button"
        className="dash-thumb-remove"
        aria-label={removed ? m.restoreImage : m.removeImage}
        title={removed ? m.restoreImage : m.removeImage}
        onClick={() =>
          removed
            ? onChange({ removed: md.removed.filter((u) => u !== url), existing: [...md.existing, url] })
            : onChange({ existing: md.existing.filter((u) => u !== url), removed: [...md.removed, url] })
        }
      >
        {removed ? '↺' : '×'}
      </button>
    </li>
  );
}
