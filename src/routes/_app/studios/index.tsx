import { createFileRoute } from '@tanstack/react-router';
import { StudiosPage } from '../../../features/studios/StudiosPage';

export const Route = createFileRoute('/_app/studios/')({ component: StudiosPage });
