import path from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';

// An HTML page of the build that announces, as <link rel="modulepreload">, chunks its entry only
// loads with import(). The admin console's entry imports its start (`boot`) lazily, to keep its
// modules out of the chunks the main site loads up front (docs/decisions/005-admin-console.md),
// and the start imports the dashboard lazily: found one import() at a time, the dashboard's code
// was two levels of requests after the page. Named in the page, it downloads beside the entry.

/** What this needs of a chunk of Rolldown's output bundle. */
type OutputChunk = { type: 'chunk'; fileName: string; facadeModuleId: string | null; imports: string[] };
type Bundle = Record<string, OutputChunk | { type: 'asset' }>;

/**
 * The files of the chunks whose entry module is one of `moduleIds` (absolute paths), each followed
 * by the chunks it imports statically, once each, in that order.
 */
export function lazyChunkFiles(bundle: Bundle, moduleIds: string[]): string[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const id of moduleIds) {
    const chunk = chunks.find((c) => c.facadeModuleId === id);
    if (!chunk) throw new Error(`preload-lazy-chunks: no chunk for ${id}`);
    visit(chunk.fileName);
  }
  return [...files];
}

/** For the page `page` (as the build names its HTML input), preloads of the chunks of `modules` (paths from the root). */
export function preloadLazyChunks(page: string, modules: string[]): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'preload-lazy-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || path.relative(root, ctx.filename) !== page) return html;
        const files = lazyChunkFiles(ctx.bundle as Bundle, modules.map((m) => path.resolve(root, m)));
        const tags: HtmlTagDescriptor[] = files
          // The entry's own static imports are in the page already (Vite adds them).
          .filter((file) => !html.includes(`${base}${file}"`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' }));
        return { html, tags };
      },
    },
  };
}
