import { createFileRoute } from '@tanstack/react-router';
import { LocalOnboardingPage } from '../../../features/payments/LocalOnboardingPage';
import { searchText } from '../../../search-params';

export const Route = createFileRoute('/_app/payment-setup/onboarding')({
  validateSearch: (search: Record<string, unknown>) => ({
    accountId: searchText(search.accountId, 500) ?? '',
    returnUrl: searchText(search.returnUrl, 500),
  }),
  component: LocalOnboardingRoute,
});

function LocalOnboardingRoute() {
  const { accountId, returnUrl } = Route.useSearch();
  return <LocalOnboardingPage accountId={accountId} returnUrl={returnUrl} />;
}
