import { type HeadLink, type HeadMeta, type HeadScript, jsonLdText } from './head';

// The route heads of a rendered page as HTML for its <head> (the server's render): crawlers and
// link-preview bots read only the HTML. Later routes' entries replace earlier ones of the same
// name or property (the page's own over its layouts'), as TanStack Router's HeadContent does.

type Match = { meta?: unknown[]; links?: unknown[]; headScripts?: unknown[] };

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Marks the tags the server wrote, so the app can replace them when it navigates (./sync-head.ts). */
export const HEAD_ATTRIBUTE = 'data-page-head';

/** The title, meta, canonical link and JSON-LD of the page's routes as HTML, or '' when they have none. */
export function headHtml(matches: Match[]): string {
  let title: string | undefined;
  const metas = new Map<string, string>();
  const links = new Map<string, string>();
  const scripts: string[] = [];
  for (const match of matches) {
    for (const entry of (match.meta ?? []) as HeadMeta[]) {
      if (!entry) continue;
      if ('title' in entry) title = entry.title;
      else if ('name' in entry)
        metas.set(
          `name:${entry.name}`,
          `<meta name="${escapeAttribute(entry.name)}" content="${escapeAttribute(entry.content)}" ${HEAD_ATTRIBUTE}>`,
        );
      else if ('property' in entry)
        metas.set(
          `property:${entry.property}`,
          `<meta property="${escapeAttribute(entry.property)}" content="${escapeAttribute(entry.content)}" ${HEAD_ATTRIBUTE}>`,
        );
    }
    for (const script of (match.headScripts ?? []) as HeadScript[]) {
      // Escaped again from its parsed value: nothing in the text can close the element, whoever built it.
      if (script?.type === 'application/ld+json')
        scripts.push(`<script type="application/ld+json" ${HEAD_ATTRIBUTE}>${jsonLdText(JSON.parse(script.children))}</script>`);
    }
    for (const link of (match.links ?? []) as HeadLink[]) {
      links.set(link.rel, `<link rel="${escapeAttribute(link.rel)}" href="${escapeAttribute(link.href)}" ${HEAD_ATTRIBUTE}>`);
    }
  }
  const tags = [...metas.values(), ...links.values(), ...scripts];
  if (title === undefined && tags.length === 0) return '';
  return [title === undefined ? '' : `<title>${escapeText(title)}</title>`, ...tags].join('');
}

/**
 * The app's page (index.html) with the page's head in place of its own title and description, so
 * neither is there twice. Unchanged when the page has no head of its own.
 */
export function withPageHead(template: string, head: string): string {
  if (!head) return template;
  let html = template;
  if (head.includes('<title>')) html = html.replace(/<title>[\s\S]*?<\/title>\s*/, '');
  if (head.includes('<meta name="description"')) html = html.replace(/<meta name="description"[^>]*>\s*/, '');
  return html.replace('</head>', () => `${head}</head>`);
}
