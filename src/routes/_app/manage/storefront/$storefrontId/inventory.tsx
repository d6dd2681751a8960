import { createFileRoute } from '@tanstack/react-router';
import { InventoryPage } from '../../../../../features/commerce/manage/InventoryPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/inventory')({ component: InventoryRoute });

function InventoryRoute() {
  const { storefrontId } = Route.useParams();
  return <InventoryPage storefrontId={storefrontId} />;
}
