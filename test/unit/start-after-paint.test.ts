import { describe, expect, it } from 'vitest';
import { deferAppTags } from '../../scripts/start-after-paint';
import { scriptsOfPage } from '../../bench/page-scripts';

// index.html as Vite writes it, and as the build leaves it: its module script and preloads inert in
// the start template until the page has painted (decision 035).

const built = `<!doctype html>
<html lang="en">
  <head>
    <title>InkLink</title>
    <script type="module" crossorigin src="/assets/main-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="modulepreload" crossorigin href="/assets/theme-C.js">
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('deferAppTags', () => {
  const page = deferAppTags(built, '/assets/start-X.js');

  it('moves the module script and every modulepreload into the start template, the start script after it, in the head', () => {
    expect(page).toContain(
      '<template id="app-start"><script type="module" crossorigin src="/assets/main-A.js"></script><link rel="modulepreload" crossorigin href="/assets/react-B.js"><link rel="modulepreload" crossorigin href="/assets/theme-C.js"></template><script defer src="/assets/start-X.js"></script>\n  </head>',
    );
    // Nothing of them is left outside the template; the other head tags stay.
    const outside = page.replace(/<template[\s\S]*<\/template>/, '');
    expect(outside).not.toContain('/assets/main-A.js');
    expect(outside).not.toContain('modulepreload');
    expect(outside).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(outside).toContain('<div id="root"></div>');
  });

  it("keeps the page's scripts readable to the bench (the static graph row)", () => {
    expect(scriptsOfPage(page)).toEqual(['assets/main-A.js', 'assets/react-B.js', 'assets/theme-C.js']);
  });

  it('leaves a page without module scripts as it was', () => {
    const plain = '<html><head><title>x</title></head><body></body></html>';
    expect(deferAppTags(plain, '/assets/start-X.js')).toBe(plain);
  });
});
