import { absoluteUrl, type RouteHead, routeHead, SITE_NAME } from './head';

// The heads of the site's own public pages: the landing page and the pages the sitemap lists
// beside the records (server/domains/sitemap/service.ts, STATIC_PATHS).

const PAGES = {
  '/': {
    title: `${SITE_NAME} — tattoo artists, studios and collectors`,
    description:
      'InkLink links tattoo collectors, artists and studios: portfolios and flash, booking, messaging, studio management and storefronts.',
  },
  '/about': {
    title: `About ${SITE_NAME}`,
    description: 'Who we are and why InkLink brings tattoo collectors, artists and studios together in one place.',
  },
  '/pricing': {
    title: 'Pricing',
    description: 'InkLink plans for collectors, artists and studios: what is free, what Artist Pro and Studio add, and what they cost.',
  },
  '/contact': { title: 'Contact us', description: 'Questions, feedback or a studio to add? Write to the InkLink team.' },
  '/privacy': { title: 'Privacy Policy', description: 'How InkLink collects, uses and protects your information.' },
  '/terms': { title: 'Terms of Service', description: 'The terms for using InkLink as a collector, artist or studio.' },
} as const;

export type SitePath = keyof typeof PAGES;

/** The route `head` of one of the site's own pages. */
export const sitePageHead = (path: SitePath, origin: string): RouteHead =>
  routeHead({
    ...PAGES[path],
    url: absoluteUrl(origin, path),
    type: 'website',
    jsonLd: path === '/' ? { '@type': 'WebSite', name: SITE_NAME, url: absoluteUrl(origin, '/') } : undefined,
  });
