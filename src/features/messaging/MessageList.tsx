import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { type Message, MessageBubble } from './MessageBubble';

/**
 * A conversation's messages, oldest first. Memoized so that what happens around it (typing in the
 * composer, sending, loading state) does not render the thread again: only new messages do.
 */
export const MessageList = memo(function MessageList({ messages, meId }: { messages: Message[]; meId: string | undefined }) {
  if (messages.length === 0) return <Typography color="text.secondary">Say hello — no messages yet.</Typography>;
  return messages.map((m) => <MessageBubble key={m.id} message={m} mine={m.senderId === meId} />);
});
