import { createFileRoute } from '@tanstack/react-router';
import { PricingPage } from '../features/public/PricingPage';
import { publicOrigin } from '../seo/origin';
import { sitePageHead } from '../seo/site-pages';

export const Route = createFileRoute('/pricing')({
  staticData: { serverRender: true },
  head: () => sitePageHead('/pricing', publicOrigin()),
  component: PricingPage,
});
