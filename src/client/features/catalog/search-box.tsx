// Header search: a combobox over the server's search (header-search.ts); arrow keys move, Enter opens, Escape closes.
import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import type { ProductCardDto } from '#shared/dto/catalog';
import { messages, plural } from '#shared/messages';
import { useHeaderSearch } from './header-search';
import { Price } from '#client/components/ui/price';
import { ProductImage } from '#client/components/ui/product-image';
import { SearchIcon } from '#client/components/layout/icons';

/** The search box's state: the query, whether the list shows, the active option, and its keyboard and navigation. */
function useSearchBox() {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { results, fetching: isFetching } = useHeaderSearch(query, wanted);
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
  const seeAll = () => {
    setOpen(false);
    inputRef.current?.blur();
    void navigate({ to: '/kerko', search: { q: query.trim() } });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) =>
    onSearchKey(e, {
      count: results.length,
      active,
      showList,
      hasQuery: query.trim() !== '',
      setOpen,
      setActive,
      setQuery,
      seeAll,
      open: (i) => go(results[i]!.productID),
    });

  const input = {
    ref: inputRef,
    id,
    'aria-expanded': showList,
    'aria-controls': listId,
    'aria-activedescendant': showList && active >= 0 ? `${listId}-${active}` : undefined,
    value: query,
    onFocus: () => {
      setWanted(true);
      setOpen(true);
    },
    onBlur: () => setTimeout(() => setOpen(false), 150),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setQuery(e.target.value);
      setOpen(true);
    },
    onKeyDown,
  };
  const list: ResultsProps = {
    listId,
    show: showList,
    results,
    active,
    fetching: isFetching,
    onHover: setActive,
    onPick: () => setOpen(false),
    onSeeAll: seeAll,
  };
  const announced = showList && !isFetching ? plural(messages.nav.searchCount, results.length) : '';
  return { input, list, announced };
}

export function SearchBox({ className = '' }: { className?: string }) {
  const { input, list, announced } = useSearchBox();
  return (
    <div className={`search ${className}`} role="search">
      <label htmlFor={input.id} className="visually-hidden">
        {messages.nav.searchLabel}
      </label>
      <SearchIcon className="search__icon" />
      <input
        className="search__input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder={messages.common.searchPlaceholder}
        aria-autocomplete="list"
        {...input}
      />
      <SearchResults {...list} />
      <p className="visually-hidden" aria-live="polite">
        {announced}
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
  onSeeAll: () => void;
}

/** The combobox's listbox: matching products (picture, name, brand, price) or a searching / no-results line. */
function SearchResults({ listId, show, results, active, fetching, onHover, onPick, onSeeAll }: ResultsProps) {
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
      {show && results.length > 0 && (
        <button type="button" className="search__all" onMouseDown={(e) => e.preventDefault()} onClick={onSeeAll}>
          {messages.nav.seeAllResults} →
        </button>
      )}
    </div>
  );
}

interface KeyContext {
  count: number;
  active: number;
  showList: boolean;
  hasQuery: boolean;
  setOpen: (open: boolean) => void;
  setActive: (update: (i: number) => number) => void;
  setQuery: (q: string) => void;
  seeAll: () => void;
  open: (index: number) => void;
}

/** Arrows move through the results, Enter opens the one picked (or shows every match), Escape closes then clears. */
function onSearchKey(e: KeyboardEvent<HTMLInputElement>, k: KeyContext) {
  if (e.key === 'ArrowDown') {
    e.preventDefault();
    k.setOpen(true);
    k.setActive((i) => (k.count ? (i + 1) % k.count : -1));
  } else if (e.key === 'ArrowUp') {
    e.preventDefault();
    k.setActive((i) => (k.count ? (i <= 0 ? k.count - 1 : i - 1) : -1));
  } else if (e.key === 'Enter') {
    if (k.showList && k.active >= 0 && k.active < k.count) {
      e.preventDefault();
      k.open(k.active);
    } else if (k.hasQuery) {
      e.preventDefault();
      k.seeAll();
    }
  } else if (e.key === 'Escape') {
    if (k.showList) k.setOpen(false);
    else k.setQuery('');
  }
}
