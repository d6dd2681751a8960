import { StorefrontAnalyticsPanel } from '../analytics/StorefrontAnalyticsPanel';
import { ManageShell } from './ManageShell';

/** /manage/storefront/{id}: the storefront's analytics panel and the section tabs. */
export function ManageOverviewPage({ storefrontId }: { storefrontId: string }) {
  return (
    <ManageShell storefrontId={storefrontId} tab="overview">
      {(store) => <StorefrontAnalyticsPanel storefrontId={store.id} name="Overview" />}
    </ManageShell>
  );
}
