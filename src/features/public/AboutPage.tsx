import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export function AboutPage() {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        About InkLink
      </Typography>
      <Typography sx={{ mb: 2 }}>
        InkLink is a home for the tattoo community. Collectors find artists by style and city, browse portfolios and flash, message artists
        with reference photos and book online. Artists show their work, keep their books full and get paid securely. Studios run their
        residents and guest artists, coordinate the shop schedule and sell aftercare and merchandise.
      </Typography>
      <Typography sx={{ mb: 2 }}>
        We build InkLink with artists and shop owners, for people whose livelihood runs on it: appointments, money and stock are never lost
        or doubled.
      </Typography>
    </Container>
  );
}
