import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../components/ComingSoon';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/inventory')({
  component: () => <ComingSoon title="Inventory" />,
});
