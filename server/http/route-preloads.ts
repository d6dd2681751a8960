import fs from 'node:fs';
import path from 'node:path';

// The code of the page a URL shows, announced in the HTML the server sends for it. Left to the
// app, a page's route chunks (the page and the MUI components it uses, some thirty small files)
// are requested only once the app's entry has been downloaded and run: on a phone on a slow
// network that is a second or more before the first of them starts. As <link rel="modulepreload">
// tags in the page they download beside the entry, and the app finds them ready.

type ManifestChunk = { file: string; imports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/**
 * The files of these manifest entries and of every chunk they import statically, less the entry
 * (index.html), which the page loads itself.
 */
export function chunksOf(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || key.endsWith('.html') || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/** TanStack Router's code-split part of a route file, as Vite's manifest names it. */
const ROUTE_CHUNK = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

type RouteFile = { key: string; file: string; segments: string[] };

/**
 * A route file's URL segments: `_app/studio/$slug/index` → ['studio', '$slug'] (`index` is the
 * folder's own page, and a segment starting with `_` is a layout that adds none).
 */
const urlSegments = (file: string) => file.split('/').filter((segment) => segment !== 'index' && !segment.startsWith('_'));

/** The route parameters of a path for a route file's segments (`$slug` → { slug }), or undefined. */
function paramsOf(route: string[], segments: string[]): Record<string, string> | undefined {
  if (route.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of route.entries()) {
    if (part.startsWith('$')) params[part.slice(1)] = segments[i];
    else if (part !== segments[i]) return undefined;
  }
  return params;
}

/** A page's route file (`_app/studio/$slug/index`) and the parameters the path gives it. */
export type RouteMatch = { file: string; params: Record<string, string> };

export type RouteIndex = {
  /** The page route file a path shows (fixed segments win over parameters), or undefined. */
  match(pathname: string): RouteMatch | undefined;
  /**
   * The modulepreload tags of a page route's chunks (its own, its layouts') and of every chunk they
   * import, less the entry's and those the page's HTML already preloads.
   */
  chunkTags(file: string): string;
};

/** The route files of the build (Vite's manifest); matches nothing for a build without one. */
export function routeIndex(clientDir: string, pageHtml: string): RouteIndex {
  const manifestPath = path.join(clientDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) return { match: () => undefined, chunkTags: () => '' };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const routes: RouteFile[] = [];
  for (const key of Object.keys(manifest)) {
    const file = key.match(ROUTE_CHUNK)?.[1];
    if (file) routes.push({ key, file, segments: urlSegments(file) });
  }
  // A layout is a route file with a folder of the same name (`_app.tsx` beside `_app/`).
  const isLayout = (route: RouteFile) => routes.some((other) => other.file.startsWith(`${route.file}/`));
  const layouts = routes.filter(isLayout);
  const pages = routes.filter((route) => !isLayout(route));

  const chunksOfPage = (page: RouteFile) =>
    chunksOf(manifest, [...layouts.filter((layout) => page.file.startsWith(`${layout.file}/`)).map((layout) => layout.key), page.key]);
  const chunks = new Map(pages.map((page) => [page.file, chunksOfPage(page)]));
  const tags = new Map(
    pages.map((page) => [
      page.file,
      (chunks.get(page.file) ?? [])
        .filter((file) => !pageHtml.includes(`/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join(''),
    ]),
  );

  return {
    match(pathname) {
      let segments: string[];
      try {
        segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
      } catch {
        return undefined;
      }
      let best: RouteMatch | undefined;
      let bestFixed = -1;
      for (const page of pages) {
        const params = paramsOf(page.segments, segments);
        const fixed = page.segments.length - Object.keys(params ?? {}).length;
        if (params && fixed > bestFixed) [best, bestFixed] = [{ file: page.file, params }, fixed];
      }
      return best;
    },
    chunkTags: (file) => tags.get(file) ?? '',
  };
}
