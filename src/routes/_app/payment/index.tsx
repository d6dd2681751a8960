import { createFileRoute } from '@tanstack/react-router';
import { PlanChooserPage, PlansLoadFailed } from '../../../features/payments/PlanChooserPage';

export const Route = createFileRoute('/_app/payment/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpcUtils.payment.plans.queryOptions()),
  errorComponent: PlansLoadFailed,
  component: PlanChooserPage,
});
