import { createFileRoute } from '@tanstack/react-router';
import { StorefrontPage } from '../../../features/commerce/storefront/StorefrontPage';

// Public: visitors may browse a storefront; checkout asks them to sign in.
export const Route = createFileRoute('/storefront/$id/')({ component: StorefrontRoute });

function StorefrontRoute() {
  const { id } = Route.useParams();
  return <StorefrontPage storefrontId={id} />;
}
