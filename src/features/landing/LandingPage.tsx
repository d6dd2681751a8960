import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../components/links';
import { FeaturedSection } from './FeaturedSection';
import { FeatureArt, HeroArt } from './Illustrations';

const features = [
  { title: 'Portfolio & Flash', motif: 'portfolio', text: 'Show healed work and ready-to-book flash in galleries built for tattoos.' },
  { title: 'Appointment Booking', motif: 'booking', text: 'Take requests around the clock, with deposits and automatic confirmations.' },
  { title: 'Client Communication', motif: 'chat', text: 'Message clients, share reference photos and keep every detail in one thread.' },
  { title: 'Studio Management', motif: 'studio', text: 'Run residents, guest spots and walk-ins from one shared schedule.' },
  { title: 'Track Your Business', motif: 'insights', text: 'See bookings, sales and income at a glance, without spreadsheets.' },
  { title: 'Get Paid', motif: 'paid', text: 'Collect deposits, final payments and product sales securely.' },
] as const;

const audiences = [
  {
    title: 'Collectors',
    text: 'Find artists near you by style, browse portfolios and flash, and book online.',
    cta: 'Find Your Artist',
    userType: 'client',
  },
  {
    title: 'Artists',
    text: 'Show your work, fill your books and chat with clients in one place.',
    cta: 'Start Tattooing',
    userType: 'artist',
  },
  { title: 'Studios', text: 'Manage your artists, host guests, sell aftercare and merch.', cta: 'Run Your Shop', userType: 'studio' },
] as const;

export function LandingPage() {
  return (
    <>
      <Container
        sx={{ py: { xs: 6, md: 10 }, display: 'grid', gap: 6, gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' }, alignItems: 'center' }}
      >
        <Box>
          <Typography variant="h1" gutterBottom>
            Create Together
          </Typography>
          <Typography variant="h5" component="p" color="text.secondary" sx={{ mb: 4 }}>
            InkLink brings collectors, artists and studios together: portfolios, bookings, messages and payments in one place.
          </Typography>
          <Stack direction="row" spacing={2}>
            <ButtonLink to="/register" variant="contained" size="large">
              Sign Up
            </ButtonLink>
            <ButtonLink to="/pricing" variant="outlined" size="large">
              View Pricing
            </ButtonLink>
          </Stack>
        </Box>
        <HeroArt />
      </Container>

      <Container component="section" aria-labelledby="features-heading" sx={{ py: 6 }}>
        <Typography id="features-heading" variant="h2" align="center" gutterBottom>
          Everything a tattoo business needs
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, mt: 4, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
          {features.map((feature) => (
            <Card key={feature.title} variant="outlined">
              <CardContent>
                <FeatureArt motif={feature.motif} />
                <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
                  {feature.title}
                </Typography>
                <Typography color="text.secondary">{feature.text}</Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>

      <FeaturedSection />

      <Container component="section" aria-labelledby="audiences-heading" sx={{ py: 6 }}>
        <Typography id="audiences-heading" variant="h2" align="center" gutterBottom>
          Built for the whole community
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, mt: 4, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {audiences.map((audience) => (
            <Card key={audience.title} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flexGrow: 1 }}>
                <Typography variant="h3" gutterBottom>
                  {audience.title}
                </Typography>
                <Typography color="text.secondary">{audience.text}</Typography>
              </CardContent>
              <Box sx={{ p: 2, pt: 0 }}>
                <ButtonLink to="/register" search={{ userType: audience.userType }} variant="contained" fullWidth>
                  {audience.cta}
                </ButtonLink>
              </Box>
            </Card>
          ))}
        </Box>
      </Container>

      <Container component="section" aria-labelledby="cta-heading" sx={{ py: 8, textAlign: 'center' }}>
        <Typography id="cta-heading" variant="h2" gutterBottom>
          Ready to Link?
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          No credit card required. 30-day free trial. Cancel anytime.
        </Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
          <ButtonLink to="/register" variant="contained" size="large">
            Join the Community
          </ButtonLink>
          <ButtonLink to="/contact" variant="outlined" size="large">
            Contact Sales
          </ButtonLink>
        </Stack>
      </Container>
    </>
  );
}
