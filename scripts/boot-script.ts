import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BOOT_PAGE_TEMPLATE } from '../server/http/page-render';
import type { Manifest } from '../server/http/route-preloads';
import { EARLY_SHRINK_ATTRIBUTE } from '../src/ssr/earlyInput';
import { SERVER_STATE_ID } from '../src/ssr/serverState';
import { THEME_STORAGE_KEY } from '../src/theme';

// Build step: the one script of the pages whose HTML the server sends ready to read (the
// prerendered landing page, and the studio, storefront and checkout pages rendered per request).
// Such a page works as HTML; the app's code is downloaded and run only when the visitor first
// touches, clicks, types or moves the mouse: booting React and MUI is most of a second of
// main-thread work on a phone, which a visitor who only reads the page (or follows a link) never
// needs. Until the app runs, the script keeps what the visitor does so the app can do it:
//  - the last button or select tapped (not pressed now: a submit button would send its form to the
//    server),
//  - every field typed in, with its latest value (React keeps the DOM's value when it hydrates but
//    its state keeps the server's, and react-hook-form resets a field when it registers it),
//  - a form's submission is held back (the app submits it when it replays the tap),
//  - a text field focused or filled has its form control marked, for the theme to lift its label
//    (MUI does it from React's state).
// The app (src/ssr/earlyInput.ts) replays them once it has taken the page over. It starts at once,
// after the first frame, when the HTML is not what the visitor would see: the prerendered page is
// the dark theme, and a server-rendered cart (from its cookie) may differ from the stored one.

/** The first signs of a visitor using the page: a screen reader's click or focus counts too. */
const FIRST_INPUTS = ['pointerdown', 'touchstart', 'keydown', 'mousemove', 'wheel', 'click', 'focusin'];

/** The global the app reads the kept input from (src/ssr/earlyInput.ts). */
const EARLY_INPUT_GLOBAL = '__inklinkEarlyInput';

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
 * The script's text. The app's chunks are run one per task, each after the ones it imports (a
 * module and everything it imports otherwise run in one task: on a phone, one long task that blocks
 * a tap for about half a second). The page's route chunks are listed in #root's `data-chunks`.
 */
function bootScript(chunks: string[]) {
  return `const root = document.getElementById('root');
const early = (window.${EARLY_INPUT_GLOBAL} = { tap: null, values: new Map(), open: true });
addEventListener('click', (event) => {
  // A button, or a MUI select (the element that opens its list); links work as links.
  const tapped = early.open && event.target instanceof Element ? event.target.closest('button, div[role="combobox"]') : null;
  if (!tapped) return;
  event.preventDefault();
  early.tap = tapped;
}, true);
addEventListener('submit', (event) => early.open && event.preventDefault(), true);
addEventListener('input', (event) => {
  const field = event.target;
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) early.values.set(field, { value: field.value, checked: field.checked });
}, true);
const isTextField = (field) => field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && !['checkbox', 'radio', 'hidden'].includes(field.type));
const markLabel = (event) => {
  const field = event.target;
  const control = early.open && isTextField(field) ? field.closest('.MuiFormControl-root') : null;
  if (control) control.toggleAttribute(${JSON.stringify(EARLY_SHRINK_ATTRIBUTE)}, event.type !== 'focusout' || field.value !== '');
};
for (const type of ['focusin', 'focusout', 'input']) addEventListener(type, markLabel, true);
const chunks = ${JSON.stringify(chunks)};
const run = (i) => import(chunks[i]).then(() => i + 1 < chunks.length && setTimeout(() => run(i + 1)));
const inputs = ${JSON.stringify(FIRST_INPUTS)};
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const type of inputs) removeEventListener(type, start, true);
  // Every chunk the app and the page need is requested at once, side by side.
  for (const file of [...chunks, ...JSON.parse(root.dataset.chunks || '[]')]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
  run(0);
};
const differsFromHtml = () => {
  try {
    if (localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)}) === 'light') return true;
    const state = document.getElementById(${JSON.stringify(SERVER_STATE_ID)});
    const carts = state ? JSON.parse(state.textContent).carts : {};
    // The cart's key in localStorage (src/features/commerce/cart/useCart.ts).
    return Object.entries(carts).some(([id, text]) => localStorage.getItem('inklink-cart:' + id) !== text);
  } catch {
    return false;
  }
};
if (differsFromHtml()) requestAnimationFrame(() => setTimeout(start));
else for (const type of inputs) addEventListener(type, start, { capture: true, passive: true });
`;
}

/**
 * Writes the boot script (named by its hash: assets are cached for a year) and the page template
 * that loads it in place of the app's entry and preloads (for the server: BOOT_PAGE_TEMPLATE);
 * answers the template.
 */
export function writeBootScript(clientDir: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const entryTag = template.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/);
  if (!entryTag) throw new Error('boot script: the entry script was not found in index.html');
  const chunks = entryChunksInOrder(manifest, 'index.html');
  if (chunks.at(-1) !== entryTag[1]) throw new Error(`boot script: the manifest's entry is not ${entryTag[1]}`);
  const text = bootScript(chunks);
  const file = `assets/boot-${createHash('sha256').update(text).digest('hex').slice(0, 8)}.js`;
  fs.writeFileSync(path.join(clientDir, file), text);
  const page = template
    .replace(entryTag[0], `<script type="module" crossorigin src="/${file}"></script>`)
    // The app's code is not downloaded with the page (the boot script fetches it when the app starts).
    .replaceAll(/<link rel="modulepreload"[^>]*>\s*/g, '');
  fs.writeFileSync(path.join(clientDir, BOOT_PAGE_TEMPLATE), page);
  return page;
}
