import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ButtonLink } from './links';

/** An honest placeholder for a screen whose feature has not been built yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Container maxWidth="md" sx={{ py: 8 }}>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This part of InkLink is not available yet. We're building it now.
      </Typography>
      <ButtonLink to="/" variant="outlined">
        Back to home
      </ButtonLink>
    </Container>
  );
}
