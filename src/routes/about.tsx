import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/public/AboutPage';
import { publicOrigin } from '../seo/origin';
import { sitePageHead } from '../seo/site-pages';

export const Route = createFileRoute('/about')({
  staticData: { serverRender: true },
  head: () => sitePageHead('/about', publicOrigin()),
  component: AboutPage,
});
