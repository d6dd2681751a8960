import { type HeadLink, type HeadMeta, type HeadScript, jsonLdText } from './head';

// The route heads of a page as the tags of its <head>: as HTML for the server's render (crawlers
// and link-preview bots read only the HTML), and as elements for the app when it navigates
// (./sync-head.ts). Later routes' entries replace earlier ones of the same name or property (the
// page's own over its layouts'), as TanStack Router's HeadContent does.

export type Match = { meta?: unknown[]; links?: unknown[]; headScripts?: unknown[] };

/** One tag of the head: its element, attributes and (for JSON-LD) its text. */
export type HeadTag = { tag: 'meta' | 'link' | 'script'; attributes: Record<string, string>; text?: string };

/** Marks the tags a page's head added, so the app can replace them when it navigates (./sync-head.ts). */
export const HEAD_ATTRIBUTE = 'data-page-head';

/** The page's title and other head tags from its routes' heads (the title undefined when none sets one). */
export function headTags(matches: Match[]): { title?: string; tags: HeadTag[] } {
  let title: string | undefined;
  const metas = new Map<string, HeadTag>();
  const links = new Map<string, HeadTag>();
  const scripts: HeadTag[] = [];
  for (const match of matches) {
    for (const entry of (match.meta ?? []) as HeadMeta[]) {
      if (!entry) continue;
      if ('title' in entry) title = entry.title;
      else if ('name' in entry) metas.set(`name:${entry.name}`, { tag: 'meta', attributes: { name: entry.name, content: entry.content } });
      else if ('property' in entry)
        metas.set(`property:${entry.property}`, { tag: 'meta', attributes: { property: entry.property, content: entry.content } });
    }
    for (const script of (match.headScripts ?? []) as HeadScript[]) {
      // Escaped again from its parsed value: nothing in the text can close the element, whoever built it.
      if (script?.type === 'application/ld+json')
        scripts.push({ tag: 'script', attributes: { type: 'application/ld+json' }, text: jsonLdText(JSON.parse(script.children)) });
    }
    for (const link of (match.links ?? []) as HeadLink[])
      links.set(link.rel, { tag: 'link', attributes: { rel: link.rel, href: link.href } });
  }
  return { title, tags: [...metas.values(), ...links.values(), ...scripts] };
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The title, meta, canonical link and JSON-LD of the page's routes as HTML, or '' when they have none. */
export function headHtml(matches: Match[]): string {
  const { title, tags } = headTags(matches);
  if (title === undefined && tags.length === 0) return '';
  const html = tags.map(({ tag, attributes, text }) => {
    const attrs = Object.entries(attributes)
      .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
      .join('');
    // A script's text is JSON-LD already escaped for the inside of the element (jsonLdText).
    return tag === 'script' ? `<script${attrs} ${HEAD_ATTRIBUTE}>${text ?? ''}</script>` : `<${tag}${attrs} ${HEAD_ATTRIBUTE}>`;
  });
  return [title === undefined ? '' : `<title>${escapeText(title)}</title>`, ...html].join('');
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
