import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/artistprofile')({
  beforeLoad: () => {
    // Spec 1 §2: /artistprofile redirects to /account, opened at the artist's Artist Profile.
    throw redirect({ to: '/account', hash: 'artist' });
  },
});
