import { createFileRoute } from '@tanstack/react-router';
import { LocalOnboardingPage } from '../../../features/payments/LocalOnboardingPage';

const text = (value: unknown) => (typeof value === 'string' && value.length <= 500 ? value : undefined);

export const Route = createFileRoute('/_app/payment-setup/onboarding')({
  validateSearch: (search: Record<string, unknown>) => ({ accountId: text(search.accountId) ?? '', returnUrl: text(search.returnUrl) }),
  component: LocalOnboardingRoute,
});

function LocalOnboardingRoute() {
  const { accountId, returnUrl } = Route.useSearch();
  return <LocalOnboardingPage accountId={accountId} returnUrl={returnUrl} />;
}
