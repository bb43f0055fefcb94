// The search page: the header search's matches without its limit of eight, as product cards.
import { fill, messages, plural } from '../../../shared/messages';
import { SkeletonCards } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { ProductCard } from './product-card';
import { searchProducts, useSearchData } from './search-cache';

export function SearchPage({ query }: { query: string }) {
  const { data, isError } = useSearchData(true);
  const title = fill(messages.nav.searchPageTitle, { q: query });
  useDocumentTitle(query ? title : messages.nav.searchResults);
  const results = data && query ? searchProducts(data, query, Number.POSITIVE_INFINITY) : [];
  return (
    <div className="listing container">
      <div className="listing__head">
        <div>
          <p className="eyebrow">{messages.nav.searchResults}</p>
          <h1 className="page-title">{query ? title : messages.nav.searchResults}</h1>
        </div>
        {data && query && (
          <p className="listing__count" aria-live="polite">
            {plural(messages.listing.resultsCount, results.length)}
          </p>
        )}
      </div>
      <section className="listing__results" aria-label={messages.nav.searchResults} aria-busy={!data && !isError}>
        {!query ? (
          <p className="status-text">{messages.nav.searchPageEmptyQuery}</p>
        ) : isError ? (
          <p className="status-text status-text--error" role="alert">
            {messages.listing.failed}
          </p>
        ) : !data ? (
          <SkeletonCards count={8} />
        ) : results.length === 0 ? (
          <p className="status-text">{messages.listing.noProducts}</p>
        ) : (
          <div className="product-grid">
            {results.map((p, i) => (
              <ProductCard key={p.productID} product={p} headingLevel={2} eager={i < 4} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
