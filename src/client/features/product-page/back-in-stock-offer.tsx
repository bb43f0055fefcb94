// "Më njofto kur të kthehet" (issue 26, decision 233): under the pickers when the chosen size/colour is sold out.
// The note and the button are light and part of the product page; the form (the shared schema, the form helper, the
// request) is a chunk of its own, loaded on the first tap of the button, so no page's first load carries it.
import { lazy, Suspense, useState } from 'react';
import type { ProductVariantDto } from '#shared/dto/catalog';
import { colourAndSize, lineColour } from '#shared/colours';
import { backInStockMessages } from '#shared/messages/back-in-stock';

const t = backInStockMessages.backInStock;
const BackInStockForm = lazy(() => import('./back-in-stock-form'));
const FORM_ID = 'back-in-stock-form';

export function BackInStockOffer({ variant }: { variant: ProductVariantDto }) {
  const [open, setOpen] = useState(false);
  const label = colourAndSize(lineColour(variant), variant.sizeName, ', ');
  return (
    <section className="back-in-stock" aria-labelledby="back-in-stock-note" data-testid="back-in-stock">
      <p className="back-in-stock__note" id="back-in-stock-note">
        {t.soldOutChoice}
      </p>
      {open ? (
        <Suspense fallback={<p className="back-in-stock__loading">{t.loading}</p>}>
          <BackInStockForm id={FORM_ID} variantID={variant.variantID} variantLabel={label} />
        </Suspense>
      ) : (
        <button
          type="button"
          className="button button--ghost back-in-stock__open"
          aria-expanded={false}
          aria-controls={FORM_ID}
          onClick={() => setOpen(true)}
        >
          {t.notifyMe}
        </button>
      )}
    </section>
  );
}
