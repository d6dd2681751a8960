import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Blog posts are written in markdown by admins and rendered on the server; the HTML is sanitized
// so a post can never carry script, event handlers or foreign frames into the page.
const ALLOWED = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2'],
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true }) as string;
  return sanitizeHtml(html, ALLOWED);
}
