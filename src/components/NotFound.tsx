import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ButtonLink } from './links';

export function NotFound() {
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <ButtonLink to="/" variant="contained">
        Go home
      </ButtonLink>
    </Container>
  );
}
