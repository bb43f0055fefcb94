// /stilet, the looks page (issue 37, decision 276): each look with its photo, its set discount and its pieces as
// cards (tap one to choose its size on its page, where the look block adds the others). Server-rendered.
import { useQuery } from '@tanstack/react-query';
import type { LookCardDto } from '#shared/dto/looks';
import { fill, plural } from '#shared/messages';
import { lookMessages as m } from '#shared/messages/looks';
import { ProductImage } from '#client/components/ui/product-image';
import { trpc } from '#client/lib/trpc';
import { ProductCard } from '#client/components/ui/product-card';

function LookSection({ look, first }: { look: LookCardDto; first: boolean }) {
  return (
    <section className="look look--page" aria-labelledby={`look-${look.lookID}`} data-testid="look">
      <div className="look__head">
        {look.photoURL && (
          <ProductImage
            className="look__photo"
            url={look.photoURL}
            size="small"
            alt={look.name}
            width={160}
            height={200}
            loading={first ? 'eager' : 'lazy'}
          />
        )}
        <div>
          <h2 id={`look-${look.lookID}`} className="look__name">
            {look.name}
          </h2>
          <p className="look__count">{plural(m.piecesCount, look.pieces.length)}</p>
          {look.discountPercentage !== null && (
            <p className="look__discount">{fill(m.setDiscount, { percent: look.discountPercentage })}</p>
          )}
        </div>
      </div>
      <div className="product-grid product-grid--related">
        {look.pieces.map((p, i) => (
          <ProductCard key={p.productID} product={p} eager={first && i < 2} />
        ))}
      </div>
    </section>
  );
}

export function LooksPage() {
  const looks = useQuery(trpc.catalog.looks.queryOptions());
  return (
    <div className="looks-page container">
      <h1 className="looks-page__title">{m.pageTitle}</h1>
      <p className="looks-page__intro">{m.pageIntro}</p>
      {looks.data && looks.data.length === 0 && <p>{m.none}</p>}
      {looks.data?.map((look, i) => (
        <LookSection key={look.lookID} look={look} first={i === 0} />
      ))}
    </div>
  );
}
