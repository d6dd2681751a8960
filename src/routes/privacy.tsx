import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/public/LegalPages';
import { publicOrigin } from '../seo/origin';
import { sitePageHead } from '../seo/site-pages';

export const Route = createFileRoute('/privacy')({
  staticData: { serverRender: true },
  head: () => sitePageHead('/privacy', publicOrigin()),
  component: PrivacyPage,
});
