import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../components/links';
import { RouteLoadFailed } from '../../components/LoadFailed';
import { trpc } from '../../trpc';
import { formatCents } from '../../../server/lib/money';

/**
 * What /payment shows when its loader could not load the plans (its route's error): the page's
 * heading and a retry that runs the loader again. (Spec 2 names no message for the plans.)
 */
export function PlansLoadFailed() {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
        Choose a Plan
      </Typography>
      <RouteLoadFailed message="Failed to load the plans" />
    </Container>
  );
}

/** /payment: the plans on sale (its route's loader loads them), each leading to its checkout. */
export function PlanChooserPage() {
  const [plans] = trpc.payment.plans.useSuspenseQuery();
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
        Choose a Plan
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        {plans.map((plan) => (
          <Card key={plan.planId} variant="outlined" sx={{ flex: 1 }}>
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: '1.4rem' }}>
                {plan.planName}
              </Typography>
              <Typography sx={{ my: 1 }}>{formatCents(plan.price)}/month</Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {plan.trialDays}-day free trial
              </Typography>
              <ButtonLink
                to="/payment/$planType"
                params={{ planType: plan.planId }}
                variant="contained"
                aria-label={`Choose ${plan.planName}`}
              >
                Choose
              </ButtonLink>
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
