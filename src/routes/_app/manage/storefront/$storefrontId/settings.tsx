import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../../../../features/commerce/manage/SettingsPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/settings')({ component: SettingsRoute });

function SettingsRoute() {
  const { storefrontId } = Route.useParams();
  return <SettingsPage storefrontId={storefrontId} />;
}
