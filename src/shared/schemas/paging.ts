// The paging contract of every staff list (docs/decisions/134): page / pageSize / q, parsed by zod on both doors.
// Page and page size are canonical positive integers (the one id rule, decision 130); the search text is bounded.
import { z } from 'zod';
import { fill } from '../messages';
import { staffMessages } from '../messages-staff';
import { idSchema } from './numbers';

const m = staffMessages.paging;

/** Rows per page when the caller asks for a page without a size (the dashboard screens use this). */
export const PAGE_SIZE_DEFAULT = 25;
/** Largest page a caller may ask for. */
export const PAGE_SIZE_MAX = 100;
/** Highest page number accepted (with PAGE_SIZE_MAX: one million rows deep). */
export { PAGE_MAX } from '../limits';
import { PAGE_MAX } from '../limits';
/** Rows a REST list answers without paging parameters (the spec's array shape, capped; newest first). */
export const LIST_CAP = 500;
/** Longest search text. */
export const SEARCH_MAX = 100;

const bounded = (max: number, message: string) => idSchema(message).pipe(z.number().max(max, message));

export const pagingFields = {
  page: bounded(PAGE_MAX, fill(m.invalidPage, { max: PAGE_MAX })).optional(),
  pageSize: bounded(PAGE_SIZE_MAX, fill(m.invalidPageSize, { max: PAGE_SIZE_MAX })).optional(),
  q: z.string({ message: m.searchTooLong }).max(SEARCH_MAX, m.searchTooLong).optional(),
};

/** GET /api/Users and users.list / users.page. */
export const ListUsersInput = z.object(pagingFields).default({});
export type ListUsersInput = z.infer<typeof ListUsersInput>;

/** GET /api/Customers and customers.page (decision 256): buyers by name, e-mail or phone typed any way. */
export const ListCustomersInput = z.object(pagingFields).default({});
export type ListCustomersInput = z.infer<typeof ListCustomersInput>;

/** GET /api/Contact and contact.list / contact.page. */
export const ListMessagesInput = z.object(pagingFields).default({});
export type ListMessagesInput = z.infer<typeof ListMessagesInput>;

export interface PagingInput {
  page?: number;
  pageSize?: number;
  q?: string;
}

/** One page of a staff list: its rows, the number of rows matching the filters, and the page asked for. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The words of a search text (every word must match one of the list's fields). */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}

/** Which rows a page holds: `fallbackSize` applies when no pageSize is given (PAGE_SIZE_DEFAULT, or LIST_CAP for unpaged REST). */
export function pageWindow(input: PagingInput, fallbackSize: number = PAGE_SIZE_DEFAULT) {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? fallbackSize;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}
