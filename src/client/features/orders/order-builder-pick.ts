// The manual order builder's product and variant choice: chosen product, colour then size, and adding the chosen
// variant to the order's cart as a fixed-quantity line (once per variant). The staff edit of a pending order
// (order-edit.tsx) reuses it to add a product to the order's lines.
import { notify } from '#client/lib/notify';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ProductDto, ProductVariantDto } from '#shared/dto/catalog';
import { isNoColour, lineColour } from '#shared/colours';
import { staffMessages } from '#shared/messages-staff';
import { sortSizes } from '#shared/sizes';
import { trpc } from '#client/lib/trpc';

const m = staffMessages.dashboard;
const s = staffMessages.dashboardSales;

export interface Line {
  productVariantId: number;
  productId: number;
  productName: string;
  productPrice: number;
  quantity: 1;
  size: string;
  color: string;
  imageUrl: string;
}

/** The chosen variant as a line at quantity 1, with the colour's first picture. */
function lineOf(product: ProductDto, variant: ProductVariantDto): Line {
  const images = product.images.find((i) => i.colorID === variant.colorID)?.imageURLs ?? product.imageURLs;
  return {
    productVariantId: variant.variantID,
    productId: product.productID,
    productName: product.name,
    // Quantity 1 at the discounted price if present, otherwise the price (the server re-prices anyway).
    productPrice: product.discountedPrice ?? product.price,
    quantity: 1,
    size: variant.sizeName,
    color: lineColour(variant),
    imageUrl: images[0] ?? '',
  };
}

/** `has` lists the variants already chosen (each once); `onAdd` takes the new line; `already` is the notice then. */
export function useVariantPick(
  has: readonly { productVariantId: number }[],
  onAdd: (line: Line) => void,
  already: string = s.alreadyInCart,
) {
  const [productId, setProductId] = useState<number | null>(null);
  const [pickedColorId, setColorId] = useState<number | null>(null);
  const [sizeId, setSizeId] = useState<number | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const pickerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (productId !== null) pickerRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [productId]);
  const product = useQuery({
    ...trpc.catalog.product.queryOptions({ productID: productId ?? 0 }),
    enabled: productId !== null,
  });

  const colors = useMemo(() => {
    const seen = new Map<number, { colorID: number; colorName: string; hexCode: string }>();
    for (const v of product.data?.productVariants ?? [])
      if (!seen.has(v.colorID)) seen.set(v.colorID, { colorID: v.colorID, colorName: v.colorName, hexCode: v.hexCode });
    return [...seen.values()];
  }, [product.data]);
  // A product in "no colour" only (a cream, decision 216) asks for a size alone.
  const colourless = colors.length === 1 && isNoColour(colors[0]!);
  const colorId = pickedColorId ?? (colourless ? colors[0]!.colorID : null);
  const sizes: ProductVariantDto[] = useMemo(
    () => sortSizes((product.data?.productVariants ?? []).filter((v) => v.colorID === colorId)),
    [product.data, colorId],
  );

  function chooseProduct(p: { productID: number }) {
    setProductId(p.productID);
    setColorId(null);
    setSizeId(null);
    setPickError(null);
  }
  function chooseColor(id: number) {
    setColorId(id);
    setSizeId(null);
    setPickError(null);
  }
  function chooseSize(id: number) {
    setSizeId(id);
    setPickError(null);
  }

  function addLine() {
    if (!product.data || colorId === null || sizeId === null) return setPickError(m.selectColorAndSize);
    const variant = product.data.productVariants.find((v) => v.colorID === colorId && v.sizeID === sizeId);
    if (!variant) return setPickError(m.noMatchingVariant);
    setPickError(null);
    if (has.some((l) => l.productVariantId === variant.variantID)) {
      notify.info(already, { topic: 'order-cart' });
      return;
    }
    onAdd(lineOf(product.data, variant));
    notify.success(s.addedToOrder, { topic: 'order-cart' });
  }

  return {
    productId,
    colorId,
    sizeId,
    pickError,
    pickerRef,
    product,
    colors,
    colourless,
    sizes,
    chooseProduct,
    chooseColor,
    chooseSize,
    addLine,
  };
}

export type VariantPick = ReturnType<typeof useVariantPick>;
