import { createFileRoute } from '@tanstack/react-router';
import { PricingPage } from '../features/public/PricingPage';

export const Route = createFileRoute('/pricing')({ component: PricingPage });
