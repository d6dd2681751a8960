import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/public/LegalPages';

export const Route = createFileRoute('/terms')({ component: TermsPage });
