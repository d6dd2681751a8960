import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/public/ContactPage';
import { publicOrigin } from '../seo/origin';
import { sitePageHead } from '../seo/site-pages';

export const Route = createFileRoute('/contact')({
  staticData: { serverRender: true },
  head: () => sitePageHead('/contact', publicOrigin()),
  component: ContactPage,
});
