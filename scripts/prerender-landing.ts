import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chunksOf, type Manifest } from '../server/http/route-preloads';

// Build step (after vite build): dist/client/landing.html, the SPA's index.html with the landing
// page's HTML and CSS already in it, which the server sends for `/` to visitors without a session.
// Run as its own process: React and emotion must load in production mode (class names then match
// the browser build's, so the browser adopts the prerendered rules).
//
// On that page a small boot script downloads and starts the app's code only once the visitor starts
// using the page: the page paints from its HTML, and a visitor who only reads it never pays for
// the app's code (downloading it, even unstarted, kept a phone's main thread busy for a few hundred
// milliseconds; running it, most of a second).

process.env.NODE_ENV = 'production';
const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');
const LANDING_ROUTE = 'src/routes/index.tsx?tsr-split=component';

/** The landing route's chunk and every chunk it imports statically. */
function routeChunks(manifest: Manifest): string[] {
  if (!manifest[LANDING_ROUTE]) throw new Error(`prerender: ${LANDING_ROUTE} is not in the build manifest`);
  return chunksOf(manifest, [LANDING_ROUTE]);
}

/** The entry's chunk and every chunk it imports statically, each after the chunks it imports. */
function entryChunksInOrder(manifest: Manifest, entryKey: string): string[] {
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
 * The first signs of a visitor using the page: a tap or click, a key, the mouse or the wheel, and
 * a click or focus without any of those (a screen reader activating or focusing a control).
 */
const FIRST_INPUTS = ['pointerdown', 'touchstart', 'keydown', 'mousemove', 'wheel', 'click', 'focusin'];

/**
 * The landing page's only script. The page works as it is (its links are plain links), so the app's
 * code is downloaded and run only when the visitor first touches, clicks, types or moves the mouse:
 * booting React and MUI is most of a second of main-thread work on a phone, which a visitor who
 * only reads the page (or follows a link) never needs. A visitor who chose the light theme gets the app at once, after
 * the first frame, since the prerendered page is dark. The label of a button tapped before the app
 * is running is kept (the app replays that tap once it has taken over: see src/main.tsx), so the
 * tap that starts the app, on the menu or the theme switch, is not lost. The app's chunks are run
 * one per task, each after the ones it imports (a module and everything it imports otherwise run in
 * one task: on a phone, one long task that blocks a tap for about half a second).
 */
function bootScript(chunks: string[], allChunks: string[], themeStorageKey: string) {
  return `const root = document.getElementById('root');
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[aria-label]') : null;
  if (button && root.dataset.prerendered) root.dataset.earlyTap = button.getAttribute('aria-label');
}, true);
const chunks = ${JSON.stringify(chunks)};
const run = (i) => import(chunks[i]).then(() => i + 1 < chunks.length && setTimeout(() => run(i + 1)));
const inputs = ${JSON.stringify(FIRST_INPUTS)};
const start = () => {
  for (const type of inputs) removeEventListener(type, start, true);
  // Every chunk the app and the landing route need is requested at once, side by side.
  for (const file of ${JSON.stringify(allChunks)}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
  run(0);
};
let light = false;
try {
  light = localStorage.getItem(${JSON.stringify(themeStorageKey)}) === 'light';
} catch {}
if (light) requestAnimationFrame(() => setTimeout(start));
else for (const type of inputs) addEventListener(type, start, { capture: true, passive: true });
`;
}

const { renderLandingPage } = await import('../src/features/landing/renderLandingPage');
const { THEME_STORAGE_KEY } = await import('../src/theme');
const { html, styleTags } = await renderLandingPage();
const manifest = JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Manifest;
const template = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
const root = '<div id="root"></div>';
if (!template.includes(root)) throw new Error(`prerender: ${root} not found in index.html`);
const entryTag = template.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/);
if (!entryTag) throw new Error('prerender: the entry script was not found in index.html');
const entry = entryTag[1];
const chunks = entryChunksInOrder(manifest, 'index.html');
if (chunks.at(-1) !== entry) throw new Error(`prerender: the manifest's entry is not ${entry}`);
const boot = bootScript(chunks, [...chunks, ...routeChunks(manifest).map((file) => `/${file}`)], THEME_STORAGE_KEY);
const bootFile = `assets/landing-boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
fs.writeFileSync(path.join(CLIENT_DIR, bootFile), boot);
const page = template
  .replace(entryTag[0], `<script type="module" crossorigin src="/${bootFile}"></script>`)
  // The app's code is not downloaded with the page (the boot script fetches it when the app starts).
  .replaceAll(/<link rel="modulepreload"[^>]*>\s*/g, '')
  .replace('</head>', `${styleTags}</head>`)
  .replace(root, `<div id="root" data-prerendered="landing">${html}</div>`);
fs.writeFileSync(path.join(CLIENT_DIR, 'landing.html'), page);
console.log(`prerendered landing.html (${Math.round(page.length / 1024)} KB)`);
