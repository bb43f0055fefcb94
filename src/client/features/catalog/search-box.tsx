// Header search: a combobox over the cached catalogue; arrow keys move, Enter opens, Escape closes.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import type { ProductCardDto } from '../../../shared/dto/catalog';
import { messages, plural } from '../../../shared/messages';
import { searchProducts, useSearchData } from './search-cache';
import { Price } from '../../components/ui/price';
import { ProductImage } from '../../components/ui/product-image';
import { SearchIcon } from '../../components/layout/icons';

export function SearchBox({ className = '' }: { className?: string }) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { data, isFetching } = useSearchData(wanted);
  const results = useMemo(() => (data ? searchProducts(data, query) : []), [data, query]);
  const showList = open && query.trim().length > 0;

  useEffect(() => {
    setOpen(false);
    setQuery('');
  }, [pathname]);
  useEffect(() => setActive(-1), [query]);

  const go = (productID: number) => {
    setOpen(false);
    void navigate({ to: '/productDetails/$productID', params: { productID } });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (results.length ? (i + 1) % results.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (results.length ? (i <= 0 ? results.length - 1 : i - 1) : -1));
    } else if (e.key === 'Enter') {
      const pick = results[active >= 0 ? active : 0];
      if (pick && showList) {
        e.preventDefault();
        go(pick.productID);
      }
    } else if (e.key === 'Escape') {
      if (showList) setOpen(false);
      else setQuery('');
    }
  };

  return (
    <div className={`search ${className}`} role="search">
      <label htmlFor={id} className="visually-hidden">
        {messages.nav.searchLabel}
      </label>
      <SearchIcon className="search__icon" />
      <input
        ref={inputRef}
        id={id}
        className="search__input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder={messages.common.searchPlaceholder}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        value={query}
        onFocus={() => {
          setWanted(true);
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <SearchResults listId={listId} show={showList} results={results} active={active} fetching={isFetching} onHover={setActive} onPick={() => setOpen(false)} />
      <p className="visually-hidden" aria-live="polite">
        {showList && !isFetching ? plural(messages.nav.searchCount, results.length) : ''}
      </p>
    </div>
  );
}

interface ResultsProps {
  listId: string;
  show: boolean;
  results: ProductCardDto[];
  active: number;
  fetching: boolean;
  onHover: (index: number) => void;
  onPick: () => void;
}

/** The combobox's listbox: matching products (picture, name, brand, price) or a searching / no-results line. */
function SearchResults({ listId, show, results, active, fetching, onHover, onPick }: ResultsProps) {
  return (
    <div id={listId} role="listbox" aria-label={messages.nav.searchResults} className="search__list" hidden={!show}>
      {show && results.length === 0 && (
        <p className="search__empty" role="presentation">
          {fetching ? messages.nav.searching : messages.common.noResults}
        </p>
      )}
      {show &&
        results.map((p, i) => (
          <Link
            key={p.productID}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            className="search__option"
            to="/productDetails/$productID"
            params={{ productID: p.productID }}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => onHover(i)}
            onClick={onPick}
          >
            <ProductImage url={p.imageURLs[0]} size="small" alt="" width={44} height={55} className="search__thumb" />
            <span className="search__text">
              <span className="search__name">{p.name}</span>
              {p.brand && <span className="search__brand">{p.brand}</span>}
            </span>
            <Price price={p.price} discountedPrice={p.discountedPrice} />
          </Link>
        ))}
    </div>
  );
}
