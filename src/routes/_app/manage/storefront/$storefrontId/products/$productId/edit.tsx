import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../../../components/ComingSoon';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/products/$productId/edit')({
  component: () => <ComingSoon title="Edit Product" />,
});
