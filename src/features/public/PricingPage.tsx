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
import { ButtonLink } from '../../components/links';

const plans = [
  {
    name: 'Artist Pro',
    planType: 'artist_pro',
    price: '$5',
    perks: [
      'Portfolio and flash galleries',
      'Online booking with deposits',
      'Client messaging with photos',
      'Payment requests and payouts',
    ],
  },
  {
    name: 'Studio',
    planType: 'studio',
    price: '$50',
    perks: [
      'Everything in Artist Pro',
      'Resident and guest artists',
      'Shared shop schedule and walk-ins',
      'Storefront for aftercare and merch',
    ],
  },
] as const;

export function PricingPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1" align="center" gutterBottom>
        Pricing
      </Typography>
      <Typography align="center" color="text.secondary" sx={{ mb: 5 }}>
        30-day free trial · Cancel anytime before it ends and pay nothing
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 900, mx: 'auto' }}>
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
              <List dense>
                {plan.perks.map((perk) => (
                  <ListItem key={perk} disableGutters>
                    <ListItemIcon sx={{ minWidth: 32, color: 'primary.main' }}>
                      <CheckIcon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={perk} />
                  </ListItem>
                ))}
              </List>
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
