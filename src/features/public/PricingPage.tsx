import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { PLANS } from '../../../server/domains/payments/rules';
import { FREE_FEATURES, featuresOf, PLAN_FEATURES } from '../../../server/domains/plans/rules';
import { ButtonLink } from '../../components/links';

// The columns are decision 042's table, from the rules the server enforces.
const proPerks = featuresOf('artist_pro').map((f) => PLAN_FEATURES[f].label);
const studioPerks = [
  'Everything in Artist Pro',
  ...featuresOf('studio')
    .filter((f) => PLAN_FEATURES[f].plan === 'studio')
    .map((f) => PLAN_FEATURES[f].label),
];
const wholeDollars = (cents: number) => `$${cents / 100}`;

const plans = [
  { name: PLANS.artist_pro.planName, planType: 'artist_pro', price: wholeDollars(PLANS.artist_pro.priceCents), perks: proPerks },
  { name: PLANS.studio.planName, planType: 'studio', price: wholeDollars(PLANS.studio.priceCents), perks: studioPerks },
] as const;

function Perks({ perks }: { perks: readonly string[] }) {
  return (
    <List dense>
      {perks.map((perk) => (
        <ListItem key={perk} disableGutters>
          <ListItemIcon sx={{ minWidth: 32, color: 'primary.main' }}>
            <CheckIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={perk} />
        </ListItem>
      ))}
    </List>
  );
}

export function PricingPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1" align="center" gutterBottom>
        Pricing
      </Typography>
      <Typography align="center" color="text.secondary" sx={{ mb: 5 }}>
        30-day free trial · Cancel anytime before it ends and pay nothing
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, maxWidth: 1200, mx: 'auto' }}>
        <Card variant="outlined">
          <CardContent sx={{ p: 4 }}>
            <Typography variant="h2" sx={{ fontSize: '1.6rem' }}>
              Free
            </Typography>
            <Typography sx={{ my: 2 }}>
              <Box component="span" sx={{ fontSize: '2.5rem', fontWeight: 800 }}>
                $0
              </Box>
              /month
            </Typography>
            <Typography color="text.secondary">No card needed.</Typography>
            <Perks perks={FREE_FEATURES} />
            <ButtonLink to="/register" variant="outlined" fullWidth size="large">
              Sign up free
            </ButtonLink>
          </CardContent>
        </Card>
        {plans.map((plan) => (
          <Card key={plan.planType} variant="outlined">
            <CardContent sx={{ p: 4 }}>
              <Typography variant="h2" sx={{ fontSize: '1.6rem' }}>
                {plan.name}
              </Typography>
              <Typography sx={{ my: 2 }}>
                <Box component="span" sx={{ fontSize: '2.5rem', fontWeight: 800 }}>
                  {plan.price}
                </Box>
                /month
              </Typography>
              <Typography color="text.secondary">30-day free trial, cancel anytime.</Typography>
              <Perks perks={plan.perks} />
              <ButtonLink
                to="/payment/$planType"
                params={{ planType: plan.planType }}
                variant="contained"
                fullWidth
                size="large"
                aria-label={`Start Free Trial of ${plan.name}`}
              >
                Start Free Trial
              </ButtonLink>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Container>
  );
}
