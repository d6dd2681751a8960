import { APP_START_TEMPLATE_ID } from '../ssr/appStart';

// The start script (decision 035): a classic script, bundled on its own by the build
// (scripts/start-after-paint.ts) and loaded with `defer`, so it runs once the HTML is parsed.
// index.html's module script and modulepreloads wait in a template; this makes them live:
//   - on a page the server rendered, once the browser reports its first contentful paint. The
//     page's text is in the HTML and paints without any script; asked for earlier, some 300 KB
//     of modules share the phone's bandwidth with the page before it has painted. The app then
//     hydrates at load (src/main.tsx), with no input;
//   - on any other page at once: its #root is empty, and the app is what paints it.

/** A paint that does not come (a tab opened in the background paints when shown) delays the app no longer than this. */
const LONGEST_WAIT_MS = 3000;

/**
 * Tags made live per task: asking for a module costs the main thread about a millisecond on this
 * project's bench host (4× that on Lighthouse's phone), and a page names forty to sixty of them.
 */
const TAGS_PER_TASK = 6;

/**
 * Copies of the template's tags, as live elements at the end of the head, TAGS_PER_TASK per task:
 * the downloads start. The module script comes last: asked for before the preloads of its imports
 * were in, it would ask for those imports itself once it arrived, a level of requests after it.
 */
function insertAppTags() {
  const template = document.getElementById(APP_START_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  const all = Array.from(template.content.children);
  const tags = [...all.filter((tag) => tag.localName !== 'script'), ...all.filter((tag) => tag.localName === 'script')];
  template.remove();
  const insertSome = () => {
    for (const tag of tags.splice(0, TAGS_PER_TASK)) {
      // A script parsed into a template never runs, even when moved: a new element does.
      const element = document.createElement(tag.localName);
      for (const { name, value } of Array.from(tag.attributes)) element.setAttribute(name, value);
      document.head.append(element);
    }
    if (tags.length) setTimeout(insertSome);
  };
  insertSome();
}

/** Calls `start` once the page's first contentful paint has been reported (or after LONGEST_WAIT_MS). */
function afterFirstContentfulPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  setTimeout(once, LONGEST_WAIT_MS);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // No paint timing: after the next frame.
    requestAnimationFrame(() => setTimeout(once));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    once();
  });
  observer.observe({ type: 'paint', buffered: true });
}

// The server marks #root when it rendered the page (src/ssr/serverState.ts, not imported: this script stays tiny).
if (document.getElementById('root')?.hasAttribute('data-server-rendered')) afterFirstContentfulPaint(insertAppTags);
else insertAppTags();
