// Loads a product (the same read the storefront uses) and shows the product form for it.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { readError } from '#client/lib/api-error';
import { trpc } from '#client/lib/trpc';
import { PageHeader } from '#client/components/dashboard/page-header';
import { ProductForm } from './product-form';

export function EditProduct({ productID }: { productID: string }) {
  const id = Number(productID);
  const valid = Number.isInteger(id) && id > 0;
  const product = useQuery({
    ...trpc.catalog.product.queryOptions({ productID: valid ? id : 1 }),
    enabled: valid,
    staleTime: 0,
  });
  if (!valid || product.isError) {
    return (
      <>
        <PageHeader title={staffMessages.dashboard.editProduct} />
        <p className="dash-error" role="alert">
          {valid
            ? readError(product.error, staffMessages.dashboard.productNotFound).message
            : staffMessages.dashboard.productNotFound}
        </p>
      </>
    );
  }
  if (!product.data) return <p className="dash-muted">{messages.common.loading}</p>;
  return (
    <>
      <ProductForm key={product.data.productID} product={product.data} />
      <p className="dash-hint">
        <Link to="/dashboard/size-guide/$scope/$id" params={{ scope: 'product', id: String(id) }}>
          {staffMessages.sizeGuides.productGuide}
        </Link>
      </p>
    </>
  );
}
