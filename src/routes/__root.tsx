import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppLayout } from '../components/AppLayout';
import { NotFound } from '../components/NotFound';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  notFoundComponent: NotFound,
});
