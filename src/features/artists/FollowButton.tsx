import Button from '@mui/material/Button';
import { trpc } from '../../trpc';
import { useContinueAction, useSignInToAct } from '../auth/signInToAct';

/** Follow / Unfollow on an artist's profile; a signed-out visitor is asked to sign in, then follows (decision 034). */
export function FollowButton({ userId, isFollowing }: { userId: string; isFollowing: boolean }) {
  const utils = trpc.useUtils();
  const refresh = () => utils.artist.invalidate();
  const follow = trpc.artist.follow.useMutation({ onSuccess: refresh });
  const unfollow = trpc.artist.unfollow.useMutation({ onSuccess: refresh });
  const signIn = useSignInToAct();
  // Back from signing in: follow, unless they already do.
  useContinueAction('follow', () => {
    if (!isFollowing) follow.mutate({ userId });
  });
  if (isFollowing && signIn.signedIn) {
    return (
      <Button variant="outlined" onClick={() => unfollow.mutate({ userId })} disabled={unfollow.isPending}>
        Unfollow
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="contained"
        onClick={() => (signIn.signedIn ? follow.mutate({ userId }) : signIn.ask('follow', { action: 'follow' }))}
        disabled={follow.isPending}
      >
        Follow
      </Button>
      {signIn.prompt}
    </>
  );
}
