import type { AnyRouter } from '@tanstack/react-router';
import { HEAD_ATTRIBUTE, headTags, type Match } from './head-html';

// In the browser: the document's title, description, canonical link, Open Graph tags and JSON-LD
// follow the page the app shows, as the server wrote them for the first page (./head-html.ts). A
// page without a head of its own gets the app's title and description back (index.html's).

/** index.html's own title and description (test/unit/seo-head.test.ts checks they are the same). */
export const APP_TITLE = 'InkLink — tattoo artists, studios and collectors';
export const APP_DESCRIPTION =
  'InkLink links tattoo collectors, artists and studios: portfolios and flash, booking, messaging, studio management and storefronts.';

/** Replaces the document's page head with the one of these matches. */
export function applyPageHead(document: Document, matches: Match[]) {
  const { title, tags } = headTags([{ meta: [{ title: APP_TITLE }, { name: 'description', content: APP_DESCRIPTION }] }, ...matches]);
  if (title !== undefined && document.title !== title) document.title = title;
  for (const element of document.head.querySelectorAll(`[${HEAD_ATTRIBUTE}], meta[name="description"]`)) element.remove();
  for (const { tag, attributes, text } of tags) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.setAttribute(HEAD_ATTRIBUTE, '');
    if (text !== undefined) element.textContent = text;
    document.head.append(element);
  }
}

/** Keeps the document's head in step with the router's page, after each navigation has loaded. */
export function syncPageHead(router: AnyRouter) {
  return router.subscribe('onResolved', () => applyPageHead(document, router.state.matches));
}
