import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Conversation, ConversationNotFound } from './Conversation';
import { ThreadList } from './ThreadList';

/**
 * /messages and /messages/{threadId}; `conversationNotFound` when the route's loader could not load
 * the conversation (the list stays beside its message).
 */
export function MessagesPage({ threadId, conversationNotFound = false }: { threadId?: string; conversationNotFound?: boolean }) {
  return (
    <Container sx={{ py: 5 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
        Messages
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '320px 1fr' } }}>
        <Card variant="outlined" sx={{ display: { xs: threadId ? 'none' : 'block', md: 'block' } }}>
          <ThreadList activeId={threadId} />
        </Card>
        <Card variant="outlined">
          <CardContent>
            {conversationNotFound ? (
              <ConversationNotFound />
            ) : threadId ? (
              <Conversation key={threadId} threadId={threadId} />
            ) : (
              <Typography color="text.secondary">Choose a conversation.</Typography>
            )}
          </CardContent>
        </Card>
      </Box>
    </Container>
  );
}
