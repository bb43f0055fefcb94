// Categories for the header menus, split by main category (1 Produktet, 2 Glow Outlet), and their links.
import { useQuery } from '@tanstack/react-query';
import type { CategoryDto } from '#shared/dto/catalog';
import { trpc } from '#client/lib/trpc';

export const MAIN_PRODUCTS = 1;
export const MAIN_GLOW = 2;

export function useNavCategories(): { products: CategoryDto[]; glow: CategoryDto[] } {
  const { data } = useQuery({ ...trpc.catalog.categories.queryOptions(), staleTime: 5 * 60_000 });
  const all = data ?? [];
  return {
    products: all.filter((c) => c.mainCategoryID === MAIN_PRODUCTS),
    glow: all.filter((c) => c.mainCategoryID === MAIN_GLOW),
  };
}
