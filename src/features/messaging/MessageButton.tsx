import ChatIcon from '@mui/icons-material/Chat';
import Button from '@mui/material/Button';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { useContinueAction, useSignInToAct } from '../auth/signInToAct';

/**
 * Opens (or reuses) the conversation with a person or a studio, then goes to it. A signed-out
 * visitor (a public page, decision 034) is asked to sign in first, and lands in the conversation.
 */
export function MessageButton(props: { userId?: string; shopId?: string; hidden?: boolean }) {
  const navigate = useNavigate();
  const open = trpc.thread.open.useMutation({
    onSuccess: ({ threadId }) => navigate({ to: '/messages/$threadId', params: { threadId } }),
  });
  const signIn = useSignInToAct();
  const start = () => open.mutate(props.userId ? { userId: props.userId } : { shopId: props.shopId });
  useContinueAction('message', start, !props.hidden);
  if (props.hidden) return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ChatIcon />}
        disabled={open.isPending}
        onClick={() => (signIn.signedIn ? start() : signIn.ask('send a message', { action: 'message' }))}
      >
        Message
      </Button>
      {signIn.prompt}
    </>
  );
}
