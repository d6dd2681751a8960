import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { TextLink } from './links';

const groups: Array<{ title: string; links: Array<{ to: string; label: string }> }> = [
  {
    title: 'Navigation',
    links: [
      { to: '/', label: 'Home' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/blog', label: 'Blog' },
    ],
  },
  {
    title: 'Community',
    links: [
      { to: '/artists', label: 'Artists' },
      { to: '/studios', label: 'Studios' },
      { to: '/register', label: 'Join InkLink' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/contact', label: 'Contact' },
      { to: '/about', label: 'About' },
    ],
  },
];

export function Footer() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', mt: 8, py: 6, bgcolor: 'background.paper' }}>
      <Container sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr 1fr' } }}>
        <Box>
          <Typography variant="h6" component="h2" gutterBottom>
            About Us
          </Typography>
          <Typography variant="body2" color="text.secondary">
            InkLink connects collectors with the artists and studios they love: portfolios, bookings, messages and shops in one place.
          </Typography>
        </Box>
        {groups.map((group) => (
          <Box key={group.title} component="nav" aria-label={group.title}>
            <Typography variant="h6" component="h2" gutterBottom>
              {group.title}
            </Typography>
            {group.links.map((link) => (
              <TextLink key={link.to} to={link.to} color="text.secondary" sx={{ display: 'block', py: 0.5 }}>
                {link.label}
              </TextLink>
            ))}
          </Box>
        ))}
      </Container>
      <Container sx={{ mt: 4, display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} InkLink
        </Typography>
        <TextLink to="/terms" variant="body2" color="text.secondary">
          Terms
        </TextLink>
        <TextLink to="/privacy" variant="body2" color="text.secondary">
          Privacy
        </TextLink>
      </Container>
    </Box>
  );
}
