import { createFileRoute } from '@tanstack/react-router';
import { PaymentSetupPage, type PaymentSetupSearch } from '../../../features/payments/PaymentSetupPage';
import { searchText } from '../../../search-params';

export const Route = createFileRoute('/_app/payment-setup/')({
  validateSearch: (search: Record<string, unknown>): PaymentSetupSearch => ({
    userId: searchText(search.userId),
    steps: searchText(search.steps),
    context: searchText(search.context),
  }),
  component: PaymentSetupRoute,
});

function PaymentSetupRoute() {
  return <PaymentSetupPage search={Route.useSearch()} />;
}
