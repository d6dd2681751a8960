import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PageSpinner } from '../../../components/PageSpinner';
import { trpc } from '../../../trpc';
import { errorText } from '../../../components/forms/errorText';
import { ManageShell } from './ManageShell';
import { ProductForm } from './ProductForm';
import { draftOf, draftToInput, emptyDraft, type ProductDraft } from './productDraft';

/** products/new and products/{productId}/edit: the product form, saved through product.create or product.update. */
export function ProductEditorPage({ storefrontId, productId }: { storefrontId: string; productId?: string }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const existing = trpc.product.byId.useQuery({ productId: productId ?? '' }, { enabled: Boolean(productId), retry: false });
  const [formError, setFormError] = useState<string | null>(null);
  const done = async () => {
    await Promise.all([utils.product.invalidate(), utils.storefront.analytics.invalidate()]);
    await navigate({ to: '/manage/storefront/$storefrontId/products', params: { storefrontId } });
  };
  const create = trpc.product.create.useMutation({ onSuccess: done });
  const update = trpc.product.update.useMutation({ onSuccess: done });
  const save = (draft: ProductDraft) => {
    const checked = draftToInput(storefrontId, draft);
    if (!checked.ok) return setFormError(checked.error);
    setFormError(null);
    if (!productId) return create.mutate(checked.input);
    const { storefrontId: _storefront, ...changes } = checked.input;
    update.mutate({ productId, ...changes });
  };
  const mutation = productId ? update : create;
  const error = formError ?? (mutation.error ? errorText(mutation.error) : null);
  return (
    <ManageShell storefrontId={storefrontId} tab="products">
      {() => {
        if (productId && existing.isLoading) return <PageSpinner />;
        if (productId && !existing.data) return errorText(existing.error, 'Product not found');
        return (
          <ProductForm
            initial={existing.data ? draftOf(existing.data) : emptyDraft()}
            submitLabel={productId ? 'Save Product' : 'Create Product'}
            busy={mutation.isPending}
            error={error}
            onSubmit={save}
          />
        );
      }}
    </ManageShell>
  );
}
