import Stack from '@mui/material/Stack';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { PaymentHistoryCard } from './PaymentHistoryCard';
import { PaymentMethodsCard } from './PaymentMethodsCard';
import { SubscriptionsCard } from './SubscriptionsCard';

/** /account/billing: plan, payment methods, payment history with receipts. */
export default function BillingSection() {
  const search = useSearch({ strict: false }) as { receipt?: string };
  const navigate = useNavigate();
  return (
    <Stack spacing={3}>
      <SubscriptionsCard />
      <PaymentMethodsCard />
      <PaymentHistoryCard
        receipt={search.receipt}
        onReceipt={(receipt) =>
          void navigate({ to: '/account/$section', params: { section: 'billing' }, search: receipt ? { receipt } : {} } as never)
        }
      />
    </Stack>
  );
}
