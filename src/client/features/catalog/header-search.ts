// The header search's results (issue 38, decision 242): the server's search (catalog.search, the /kerko page's
// matching and order), asked for the first HEADER_RESULTS products of what the shopper has typed once typing pauses
// for DEBOUNCE_MS. The catalogue is no longer downloaded into the browser (at 10 000 products that was 5 MB and a
// second of the server's time per download); earlier results stay on screen while the next ones load.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { hasSearchTerms, searchTerms } from '../../../shared/search-words';
import { trpc } from '../../lib/trpc';

export const HEADER_RESULTS = 8;
const DEBOUNCE_MS = 150;
/** The catalogue copy earlier versions kept in local storage (spec key cachedGlowData): removed on first use. */
const OLD_COPY_KEY = 'cachedGlowData';

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The products matching `text` (none while it has no search terms), and whether an answer is on its way. */
export function useHeaderSearch(text: string, enabled: boolean) {
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const asking = enabled && hasSearchTerms(searchTerms(q));
  useEffect(() => {
    if (!enabled) return;
    try {
      localStorage.removeItem(OLD_COPY_KEY);
    } catch {
      // Storage disabled: nothing was kept there either.
    }
  }, [enabled]);
  const answer = useQuery({
    ...trpc.catalog.search.queryOptions({ q, page: 1, pageSize: HEADER_RESULTS }),
    enabled: asking,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const typing = text.trim() !== q;
  return {
    results: asking && text.trim() !== '' ? (answer.data?.products ?? []) : [],
    fetching: typing || (asking && answer.isFetching),
  };
}
