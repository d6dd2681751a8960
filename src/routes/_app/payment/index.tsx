import { createFileRoute } from '@tanstack/react-router';
import { PlanChooserPage } from '../../../features/payments/PlanChooserPage';

export const Route = createFileRoute('/_app/payment/')({ component: PlanChooserPage });
