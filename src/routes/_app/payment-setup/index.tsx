import { createFileRoute } from '@tanstack/react-router';
import { PaymentSetupPage, type PaymentSetupSearch } from '../../../features/payments/PaymentSetupPage';

const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : undefined);

export const Route = createFileRoute('/_app/payment-setup/')({
  validateSearch: (search: Record<string, unknown>): PaymentSetupSearch => ({ userId: text(search.userId), steps: text(search.steps), context: text(search.context) }),
  component: PaymentSetupRoute,
});

function PaymentSetupRoute() {
  return <PaymentSetupPage search={Route.useSearch()} />;
}
