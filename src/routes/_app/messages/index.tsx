import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../../../features/messaging/MessagesPage';

export const Route = createFileRoute('/_app/messages/')({ component: () => <MessagesPage /> });
