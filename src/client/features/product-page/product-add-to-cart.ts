// "Shto në shportë" / "Blej tani" on the product page: check the chosen variant (a missing size or colour is
// reported at its picker and in a toast), then add it with its live stock; the caller decides what follows
// (the mini-cart drawer, or the cart page for Buy Now).
import { useState } from 'react';
import type { ProductDto, ProductVariantDto } from '#shared/dto/catalog';
import { productMessages } from '#shared/messages/product';
import { addVariantToCart, type AddVariantResult } from '#client/lib/add-variant';
import { notify } from '#client/lib/notify';
import { chooseVariant, galleryImages, isColourless } from './variant-options';

const m = productMessages;

/** Which pickers still need a choice after a failed attempt. */
export interface MissingChoice {
  size: boolean;
  color: boolean;
}

export function useAddToCart(product: ProductDto, sizeID: number | null, colorID: number | null) {
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<MissingChoice | null>(null);

  const add = async (then?: (result: AddVariantResult, variant: ProductVariantDto) => void) => {
    const choice = chooseVariant(product, sizeID, colorID);
    if (!choice.ok) {
      if (choice.reason === 'select') setMissing({ size: sizeID === null, color: colorID === null });
      notify.error(
        choice.reason === 'select'
          ? isColourless(product.productVariants)
            ? m.selectSize
            : m.selectSizeAndColor
          : choice.reason === 'invalid'
            ? m.invalidChoice
            : m.variantNotFound,
        { topic: 'add-to-cart' },
      );
      return;
    }
    setMissing(null);
    setBusy(true);
    try {
      const v = choice.variant;
      const result = await addVariantToCart(product, v, galleryImages(product, v.colorID, 1)[0] ?? '');
      then?.(result, v);
    } finally {
      setBusy(false);
    }
  };

  return {
    add,
    busy,
    missing: missing && { size: missing.size && sizeID === null, color: missing.color && colorID === null },
  };
}
