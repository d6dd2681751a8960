import { createFileRoute } from '@tanstack/react-router';
import { PlanCheckoutPage } from '../../../features/payments/PlanCheckoutPage';

export const Route = createFileRoute('/_app/payment/$planType')({ component: PlanCheckoutRoute });

function PlanCheckoutRoute() {
  const { planType } = Route.useParams();
  return <PlanCheckoutPage planType={planType} />;
}
