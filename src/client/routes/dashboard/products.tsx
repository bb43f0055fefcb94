// /dashboard/products?page=2&sort=price&dir=desc&categoryID=4&active=false&lowStock=true: the product table, its
// page, order and filters in the URL, read leniently (decision 212): a bad value is dropped, the page never fails.
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { parseProductListSearch, type ProductListSearch } from '#shared/product-list-search';
import { ProductList } from '#client/features/products/product-list';

export const Route = createFileRoute('/dashboard/products')({
  validateSearch: parseProductListSearch,
  component: ProductsRoute,
});

function ProductsRoute() {
  // The router hands components the URL's raw values merged under the validated ones: read them again.
  const search = Route.useSearch({ select: (s) => parseProductListSearch(s as Record<string, unknown>) });
  const navigate = Route.useNavigate();
  const onSearch = useCallback(
    (next: ProductListSearch, replace = false) => void navigate({ search: next, replace }),
    [navigate],
  );
  return <ProductList search={search} onSearch={onSearch} />;
}
