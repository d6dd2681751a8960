import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/public/LegalPages';

export const Route = createFileRoute('/privacy')({ component: PrivacyPage });
