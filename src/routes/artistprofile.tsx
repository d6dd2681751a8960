import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/artistprofile')({
  beforeLoad: () => {
    throw redirect({ to: '/account' });
  },
});
