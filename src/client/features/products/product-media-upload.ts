// The product form's photos on their way to the server: one multipart request for every colour that changed, with
// its progress. A refused photo comes back named (decision 219): the good ones of the batch were saved and join the
// colour's photos, the refused ones' messages stay in their colour's card until new photos are picked there.
import { useEffect, useState } from 'react';
import type { ProductDto, ProductImagesDto } from '#shared/dto/catalog';
import type { RefusedFileDto, SavedProductImagesDto } from '#shared/dto/catalog-admin';
import { uploadWithProgress } from '#client/components/dashboard/upload';
import { initialMedia, type ColorMedia, type MediaByColor } from './product-form-model';

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

const messagesOf = (refused: readonly RefusedFileDto[], colorId: string) =>
  refused.filter((r) => String(r.colorID) === colorId).map((r) => r.message);

/** Puts each refused photo's message in its colour's card (cards without a refusal lose their old messages). */
function withRefused(all: MediaByColor, refused: readonly RefusedFileDto[]): MediaByColor {
  const ids = new Set([...Object.keys(all), ...refused.map((r) => String(r.colorID))]);
  return Object.fromEntries(
    [...ids].map((id) => {
      const md: ColorMedia = all[id] ?? { existing: [], removed: [], files: [] };
      return [id, { ...md, refused: messagesOf(refused, id) }];
    }),
  );
}

/** After a save: the product's photos as the server now has them, nothing pending, the refusals in their cards. */
const afterSave = (images: ProductImagesDto[], refused: readonly RefusedFileDto[]) =>
  withRefused(
    Object.fromEntries(
      images.map((g) => [String(g.colorID), { existing: [...g.imageURLs], removed: [], files: [] } as ColorMedia]),
    ),
    refused,
  );

/** After a refused batch (every new photo refused, nothing changed): the new photos dropped, the rest still pending. */
const afterRefusal = (all: MediaByColor, refused: readonly RefusedFileDto[]) =>
  withRefused(Object.fromEntries(Object.entries(all).map(([id, md]) => [id, { ...md, files: [] }])), refused);

/**
 * Refused photos of a product just created: its edit page (where the add page goes next) shows them. Read when the
 * form starts, forgotten once it has shown them.
 */
const handedOver = new Map<number, RefusedFileDto[]>();

/** The media a product form starts with: the product's photos, and the refusals the add page handed over. */
export function startingMedia(product?: ProductDto): MediaByColor {
  const media = initialMedia(product);
  const refused = product && handedOver.get(product.productID);
  return refused ? withRefused(media, refused) : media;
}

export function handOverRefused(productID: number, refused: RefusedFileDto[]): void {
  handedOver.set(productID, refused);
}

/** What the upload left to say: a failure text (or null) and the photos refused by name. */
interface MediaOutcome {
  error: string | null;
  refused: RefusedFileDto[];
}

/** Sends the media of every colour that changed, with its progress. */
export function useMediaUpload({
  productID,
  media,
  setMedia,
}: {
  productID?: number;
  media: MediaByColor;
  setMedia: (update: (all: MediaByColor) => MediaByColor) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  useEffect(() => {
    if (productID !== undefined) handedOver.delete(productID);
  }, [productID]);
  async function saveMedia(id: number): Promise<MediaOutcome> {
    const body = mediaBody(media);
    if (!body) return { error: null, refused: [] };
    setProgress(0);
    const res = await uploadWithProgress<SavedProductImagesDto>(`/api/Product/${id}/Images`, body, {
      onProgress: setProgress,
    });
    setProgress(null);
    if (res.ok && res.data) {
      const { images, refused = [] } = res.data;
      setMedia(() => afterSave(images, refused));
      return { error: null, refused };
    }
    const refused = (res.details?.refused ?? []) as RefusedFileDto[];
    if (refused.length) setMedia((all) => afterRefusal(all, refused));
    return { error: res.message, refused };
  }
  return { progress, saveMedia, clearProgress: () => setProgress(null) };
}
