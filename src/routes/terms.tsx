import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/public/LegalPages';
import { publicOrigin } from '../seo/origin';
import { sitePageHead } from '../seo/site-pages';

export const Route = createFileRoute('/terms')({
  staticData: { serverRender: true },
  head: () => sitePageHead('/terms', publicOrigin()),
  component: TermsPage,
});
