import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * A section whose data failed to load: the spec's text for that load (e.g. "Failed to fetch payment
 * methods") and a way to try again, in place of the section only — the rest of the page stays usable.
 * The server's own message is not shown: a dropped connection reads "Failed to fetch", which tells a
 * user nothing about what is missing.
 */
export function LoadFailed({ message, onRetry, retrying = false }: { message: string; onRetry: () => unknown; retrying?: boolean }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/**
 * LoadFailed for a route's errorComponent: its Retry runs the route's loaders again (the failed
 * query has no data, so the loader fetches it anew), and the page renders once they succeed.
 */
export function RouteLoadFailed({ message }: { message: string }) {
  const router = useRouter();
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    await router.invalidate().finally(() => setRetrying(false));
  };
  return <LoadFailed message={message} onRetry={retry} retrying={retrying} />;
}
