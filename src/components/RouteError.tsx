import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import type { ErrorComponentProps } from '@tanstack/react-router';

/**
 * A page whose loader or query failed, where the route shows nothing of its own: the server's
 * message, as the pages showed it in place of their data before they loaded it in their loaders.
 */
export function RouteError({ error }: ErrorComponentProps) {
  return (
    <Container sx={{ py: 6 }}>
      <Alert severity="error">{error instanceof Error ? error.message : String(error)}</Alert>
    </Container>
  );
}
