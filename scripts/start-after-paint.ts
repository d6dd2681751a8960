import { createHash } from 'node:crypto';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { APP_START_CLOSE, APP_START_OPEN } from '../src/ssr/appStart.ts';

// index.html's scripts wait for the page's first paint (decision 035). Vite writes the app's module
// script and a modulepreload per static import of the entry in the page's head; the browser asks
// for all of them (some 300 KB, High priority) while the HTML is still being read. A page the
// server rendered does not need them to paint. This moves those tags into an inert template and
// adds the start script (src/start/start.ts, bundled here as a classic script of its own), which
// makes them live once the page has painted.

/** The start script, bundled and minified, must stay this small: it is asked for before the page paints. */
export const START_SCRIPT_MAX_BYTES = 2048;

const APP_TAG = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * The page with its module scripts and modulepreloads in the start template, the start script
 * (`startSrc`) after it, at the end of the head. A page without them is returned as it was.
 */
export function deferAppTags(html: string, startSrc: string): string {
  const tags = html.match(APP_TAG) ?? [];
  if (!tags.length) return html;
  const rest = html.replace(APP_TAG, '').replace(/\n\s*\n/g, '\n');
  const start = `${APP_START_OPEN}${tags.join('')}${APP_START_CLOSE}<script defer src="${startSrc}"></script>`;
  return rest.replace('</head>', () => `${start}\n  </head>`);
}

/** The start script as one classic script (an IIFE), minified. */
async function bundleStartScript(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target: 'es2020',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  if (code.length > START_SCRIPT_MAX_BYTES)
    throw new Error(`start-after-paint: ${entry} bundles to ${code.length} bytes (at most ${START_SCRIPT_MAX_BYTES})`);
  return code;
}

/** For the page `page` (as the build names its HTML input): its app's tags wait for `startScript` (a path from the root). */
export function startAfterPaint(page: string, startScript: string): Plugin {
  let root = '';
  let base = '/';
  let fileName = '';
  return {
    name: 'start-after-paint',
    // The client's build only (not the server bundle's).
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    async buildStart() {
      const source = await bundleStartScript(path.resolve(root, startScript));
      fileName = `assets/start-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || path.relative(root, ctx.filename) !== page) return html;
        return deferAppTags(html, `${base}${fileName}`);
      },
    },
  };
}
