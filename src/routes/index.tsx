import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/HomePage';
import { loadHome } from '../features/landing/featuredQuery';
import { publicOrigin } from '../seo/origin';
import { sitePageHead } from '../seo/site-pages';

export const Route = createFileRoute('/')({
  staticData: { serverRender: true },
  loader: ({ context }) => loadHome(context),
  head: () => sitePageHead('/', publicOrigin()),
  component: HomePage,
});
