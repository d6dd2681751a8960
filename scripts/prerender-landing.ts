import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Build step (after vite build): dist/client/landing.html, the SPA's index.html with the landing
// page's HTML and CSS already in it, which the server sends for `/` to visitors without a session.
// Run as its own process: React and emotion must load in production mode (class names then match
// the browser build's, so the browser adopts the prerendered rules).
//
// On that page the app's code is downloaded at once (modulepreload) but started by a small boot
// script only after the first frame: the page paints from its HTML without waiting for the app's
// code to run (on a phone, most of a second).

process.env.NODE_ENV = 'production';
const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');
const LANDING_ROUTE = 'src/routes/index.tsx?tsr-split=component';

type ManifestChunk = { file: string; imports?: string[] };

/** The landing route's chunk and every chunk it imports statically, for modulepreload. */
function routeChunks(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // The entry (index.html) is already loaded by the page itself.
    if (!chunk || key.endsWith('.html') || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (!manifest[LANDING_ROUTE]) throw new Error(`prerender: ${LANDING_ROUTE} is not in the build manifest`);
  visit(LANDING_ROUTE);
  return [...files];
}

/** The entry's chunk and every chunk it imports statically, each after the chunks it imports. */
function entryChunksInOrder(manifest: Record<string, ManifestChunk>, entryKey: string): string[] {
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.includes(`/${chunk.file}`)) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(`/${chunk.file}`);
  };
  visit(entryKey);
  return files;
}

/**
 * The landing page's only script: starts the app after the first frame, and keeps the label of a
 * button tapped before the app is running (the app replays that tap once it has taken over: see
 * src/main.tsx), so an early tap on the menu or the theme switch is not lost. The app's chunks are
 * run one per task, each after the ones it imports (a module and everything it imports otherwise
 * run in one task: on a phone, one long task that blocks a tap for about half a second).
 */
function bootScript(chunks: string[]) {
  return `const root = document.getElementById('root');
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[aria-label]') : null;
  if (button && root.dataset.prerendered) root.dataset.earlyTap = button.getAttribute('aria-label');
}, true);
const chunks = ${JSON.stringify(chunks)};
const run = (i) => import(chunks[i]).then(() => i + 1 < chunks.length && setTimeout(() => run(i + 1)));
requestAnimationFrame(() => setTimeout(() => run(0)));
`;
}

const { renderLandingPage } = await import('../src/features/landing/renderLandingPage');
const { html, styleTags } = await renderLandingPage();
const manifest = JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const template = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
const preloads = routeChunks(manifest)
  .filter((file) => !template.includes(`/${file}"`))
  .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
  .join('');
const root = '<div id="root"></div>';
if (!template.includes(root)) throw new Error(`prerender: ${root} not found in index.html`);
const entryTag = template.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/);
if (!entryTag) throw new Error('prerender: the entry script was not found in index.html');
const entry = entryTag[1];
const chunks = entryChunksInOrder(manifest, 'index.html');
if (chunks.at(-1) !== entry) throw new Error(`prerender: the manifest's entry is not ${entry}`);
const boot = bootScript(chunks);
const bootFile = `assets/landing-boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
fs.writeFileSync(path.join(CLIENT_DIR, bootFile), boot);
const page = template
  .replace(
    entryTag[0],
    `<link rel="modulepreload" crossorigin href="${entry}"><script type="module" crossorigin src="/${bootFile}"></script>`,
  )
  .replace('</head>', `${preloads}${styleTags}</head>`)
  .replace(root, `<div id="root" data-prerendered="landing">${html}</div>`)
  // The page's content is in the HTML: the app's code is fetched behind it, not before it.
  .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');
fs.writeFileSync(path.join(CLIENT_DIR, 'landing.html'), page);
console.log(`prerendered landing.html (${Math.round(page.length / 1024)} KB)`);
