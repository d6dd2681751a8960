import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/HomePage';
import { publicOrigin } from '../seo/origin';
import { sitePageHead } from '../seo/site-pages';

export const Route = createFileRoute('/')({
  staticData: { serverRender: true },
  head: () => sitePageHead('/', publicOrigin()),
  component: HomePage,
});
