import EventIcon from '@mui/icons-material/Event';
import Button, { type ButtonProps } from '@mui/material/Button';
import { ButtonLink } from '../../components/links';
import { useSignInToAct } from '../auth/signInToAct';

/**
 * Book on an artist's or a studio's page: the booking form for a member; a signed-out visitor is
 * asked to sign in or register and lands on the booking form afterwards (decision 034).
 */
export function BookButton({ to, variant }: { to: string; variant: ButtonProps['variant'] }) {
  const signIn = useSignInToAct();
  if (signIn.signedIn) {
    return (
      <ButtonLink to={to} variant={variant} startIcon={<EventIcon />}>
        Book
      </ButtonLink>
    );
  }
  return (
    <>
      <Button variant={variant} startIcon={<EventIcon />} onClick={() => signIn.ask('book', to)}>
        Book
      </Button>
      {signIn.prompt}
    </>
  );
}
