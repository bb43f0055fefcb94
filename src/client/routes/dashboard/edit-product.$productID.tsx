// /dashboard/edit-product/{productID}: the product form filled from the catalogue's product read.
import { createFileRoute } from '@tanstack/react-router';
import { EditProduct } from '#client/features/products/edit-product';

export const Route = createFileRoute('/dashboard/edit-product/$productID')({
  component: function EditProductRoute() {
    const { productID } = Route.useParams();
    return <EditProduct productID={productID} />;
  },
});
