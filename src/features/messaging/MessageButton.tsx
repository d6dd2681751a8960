import ChatIcon from '@mui/icons-material/Chat';
import Button from '@mui/material/Button';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';

/** Opens (or reuses) the conversation with a person or a studio, then goes to it. */
export function MessageButton(props: { userId?: string; shopId?: string; hidden?: boolean }) {
  const navigate = useNavigate();
  const open = trpc.thread.open.useMutation({
    onSuccess: ({ threadId }) => navigate({ to: '/messages/$threadId', params: { threadId } }),
  });
  if (props.hidden) return null;
  return (
    <Button
      variant="outlined"
      startIcon={<ChatIcon />}
      disabled={open.isPending}
      onClick={() => open.mutate(props.userId ? { userId: props.userId } : { shopId: props.shopId })}
    >
      Message
    </Button>
  );
}
