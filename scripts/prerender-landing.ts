import fs from 'node:fs';
import path from 'node:path';
import { chunksOf, type Manifest } from '../server/http/route-preloads';

// Build step (after vite build): dist/client/landing.html, the SPA's index.html with the landing
// page's HTML and CSS already in it, which the server sends for `/` to visitors without a session.
// Run as its own process: React and emotion must load in production mode (class names then match
// the browser build's, so the browser adopts the prerendered rules). Its one script is the boot
// script (./boot-script.ts), which starts the app on the visitor's first input.

process.env.NODE_ENV = 'production';
const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');
const LANDING_ROUTE = 'src/routes/index.tsx?tsr-split=component';

const { writeBootScript } = await import('./boot-script');
const { renderLandingPage } = await import('../src/features/landing/renderLandingPage');
const { html, styleTags } = await renderLandingPage();
const manifest = JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Manifest;
if (!manifest[LANDING_ROUTE]) throw new Error(`prerender: ${LANDING_ROUTE} is not in the build manifest`);
const routeChunks = chunksOf(manifest, [LANDING_ROUTE]).map((file) => `/${file}`);
const template = writeBootScript(CLIENT_DIR);
const root = '<div id="root"></div>';
if (!template.includes(root)) throw new Error(`prerender: ${root} not found in index.html`);
const page = template
  .replace('</head>', `${styleTags}</head>`)
  .replace(root, `<div id="root" data-prerendered="landing" data-chunks='${JSON.stringify(routeChunks)}'>${html}</div>`);
fs.writeFileSync(path.join(CLIENT_DIR, 'landing.html'), page);
console.log(`prerendered landing.html (${Math.round(page.length / 1024)} KB)`);
