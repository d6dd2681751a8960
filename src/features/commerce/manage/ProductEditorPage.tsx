import { useNavigate } from '@tanstack/react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { trpc } from '../../../trpc';
import { errorText } from '../../../components/forms/errorText';
import { ManageShell } from './ManageShell';
import { ProductForm } from './ProductForm';
import { draftOf, emptyDraft, type ProductValues, productFields } from './productDraft';

/** products/new and products/{productId}/edit: the product form, saved through product.create or product.update. */
export function ProductEditorPage({ storefrontId, productId }: { storefrontId: string; productId?: string }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const existing = trpc.product.byId.useQuery({ productId: productId ?? '' }, { enabled: Boolean(productId), retry: false });
  const done = async () => {
    await Promise.all([utils.product.invalidate(), utils.storefront.analytics.invalidate()]);
    await navigate({ to: '/manage/storefront/$storefrontId/products', params: { storefrontId } });
  };
  const create = trpc.product.create.useMutation({ onSuccess: done });
  const update = trpc.product.update.useMutation({ onSuccess: done });
  /** The form has checked every field with the server's schema; the server's own error shows under the form. */
  const save = (values: ProductValues) => {
    const fields = productFields(values);
    return (productId ? update.mutateAsync({ productId, ...fields }) : create.mutateAsync({ storefrontId, ...fields })).catch(() => null);
  };
  const mutation = productId ? update : create;
  return (
    <ManageShell storefrontId={storefrontId} tab="products">
      {() => {
        if (productId && existing.isLoading) return <PageSpinner />;
        if (productId && !existing.data) return errorText(existing.error, 'Product not found');
        return (
          <ProductForm
            initial={existing.data ? draftOf(existing.data) : emptyDraft()}
            photos={existing.data ? { productId: existing.data.id, initial: existing.data.photos } : null}
            submitLabel={productId ? 'Save Product' : 'Create Product'}
            error={mutation.error ? errorText(mutation.error) : null}
            onSubmit={save}
          />
        );
      }}
    </ManageShell>
  );
}
