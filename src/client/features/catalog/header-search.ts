// The header search's results (issue 38, decision 242): the server's search (catalog.search, the /kerko page's
// matching and order), asked for the first HEADER_RESULTS products of what the shopper has typed once typing pauses
// for DEBOUNCE_MS. The catalogue is no longer downloaded into the browser (at 10 000 products that was 5 MB and a
// second of the server's time per download); earlier results stay on screen while the next ones load.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { trpc } from '#client/lib/trpc';
import { useDebounced } from '#client/lib/use-debounced';

export const HEADER_RESULTS = 8;
const DEBOUNCE_MS = 150;
const MIN_CHARACTERS = 2;
/** The catalogue copy earlier versions kept in local storage (spec key cachedGlowData): removed on first use. */
const OLD_COPY_KEY = 'cachedGlowData';

/** The products matching `text` (none below two characters), and whether an answer is on its way. */
export function useHeaderSearch(text: string, enabled: boolean) {
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  // From two characters on; the server answers words it ignores ("e", "i") with nothing. The matching rules
  // (shared/search-words.ts) stay on the server, out of the first load's budget (decision 214).
  const asking = enabled && q.length >= MIN_CHARACTERS;
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
    placeholderData: (previous) => previous, // the earlier results stay while the next load
    staleTime: 60_000,
  });
  const typing = text.trim() !== q;
  return {
    results: asking && text.trim() !== '' ? (answer.data?.products ?? []) : [],
    fetching: typing || (asking && answer.isFetching),
  };
}
