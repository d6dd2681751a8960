import { createFileRoute } from '@tanstack/react-router';
import { PaymentSetupError, PaymentSetupPage } from '../../../features/payments/PaymentSetupPage';
import { type PaymentSetupSearch, SETUP_STATUS_INPUT } from '../../../features/payments/setupStatus';
import { searchText } from '../../../search-params';

export const Route = createFileRoute('/_app/payment-setup/')({
  validateSearch: (search: Record<string, unknown>): PaymentSetupSearch => ({
    userId: searchText(search.userId),
    steps: searchText(search.steps),
    context: searchText(search.context),
  }),
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpcUtils.connect.status.queryOptions(SETUP_STATUS_INPUT)),
  errorComponent: PaymentSetupError,
  component: PaymentSetupRoute,
});

function PaymentSetupRoute() {
  return <PaymentSetupPage search={Route.useSearch()} />;
}
