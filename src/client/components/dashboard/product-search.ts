// The dashboard's product pickers (order builder, order edit, discount forms) ask the server for one page of
// products matching what staff type (issue 38, decision 261): the staff product list's search (decision 243:
// indexed, typo-tolerant), sorted by name, once typing pauses. The catalogue is never downloaded whole.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductTableRowDto } from '#shared/dto/catalog-admin';
import { PAGE_SIZE_MAX, SEARCH_MAX } from '#shared/schemas/paging';
import { trpc } from '#client/lib/trpc';
import { useDebounced } from '#client/lib/use-debounced';

/**
 * Products a picker shows at a time: the largest page, so a small shop's pickers show its whole catalogue as they
 * always did, and a large one's show the first hundred by name until staff type.
 */
export const PICKER_PAGE = PAGE_SIZE_MAX;

/** How long typing must pause before the server is asked. */
const PICKER_DEBOUNCE_MS = 200;

export interface ProductSearch {
  /** The products of the current answer (the previous answer while the next one loads); undefined at first. */
  products: ProductTableRowDto[] | undefined;
  /** How many products match in all (more than `products` holds when the page is full). */
  total: number;
  /** True until the first answer arrives. */
  pending: boolean;
  /** True while typing has not settled or an answer is on its way. */
  searching: boolean;
}

/** Up to PICKER_PAGE products matching `text` (every word, as the staff product list matches), by name. */
export function useProductSearch(text: string, opts: { activeOnly?: boolean } = {}): ProductSearch {
  const typed = text.trim().replace(/\s+/g, ' ').slice(0, SEARCH_MAX);
  const q = useDebounced(typed, PICKER_DEBOUNCE_MS);
  const answer = useQuery({
    ...trpc.catalogAdmin.productPage.queryOptions({
      ...(q ? { q } : {}),
      page: 1,
      pageSize: PICKER_PAGE,
      sort: 'name',
      ...(opts.activeOnly ? { active: true } : {}),
    }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return {
    products: answer.data?.items,
    total: answer.data?.total ?? 0,
    pending: answer.isPending,
    searching: typed !== q || answer.isFetching,
  };
}
