import { describe, expect, it } from 'vitest';
import { moduleRequestDepth } from '../../bench/module-depth';

// The bench's module request depth (bench/module-depth.ts) for a page whose start script makes the
// HTML's module tags live after the first paint (decision 035): they come from the HTML, one
// level after it, whatever modules had arrived by the time the start script inserted them.

const PAGE = 'http://app.test/account';
const at = (file: string) => `http://app.test/assets/${file}`;
let id = 0;
const sent = (url: string, initiator: object) => ({
  method: 'Network.requestWillBeSent',
  params: { requestId: String(++id), documentURL: PAGE, request: { url }, initiator },
});
const finished = (requestId: string) => ({ method: 'Network.loadingFinished', params: { requestId } });

/** The start script, then two batches of preloads it inserted ("about:client"), the second after the first had arrived. */
const log = [
  {
    method: 'Network.requestWillBeSent',
    params: { requestId: 'doc', type: 'Document', documentURL: PAGE, request: { url: PAGE }, initiator: { type: 'other' } },
  },
  sent(at('start-A.js'), { type: 'parser', url: PAGE }),
  finished('1'),
  sent(at('react-B.js'), { type: 'other', url: 'about:client' }),
  finished('2'),
  sent(at('theme-C.js'), { type: 'other', url: 'about:client' }),
  sent(at('main-D.js'), { type: 'script', stack: { callFrames: [{ url: at('start-A.js') }] } }),
  finished('3'),
  finished('4'),
  // A lazy chunk the entry asks for once it runs: a true level more.
  sent(at('Menu-E.js'), { type: 'script', stack: { callFrames: [{ url: at('main-D.js') }] } }),
];

// react-B's source imports theme-C: without the template, theme-C looked found by react-B.
const sources: Record<string, string> = { [at('react-B.js')]: 'import "./theme-C.js"', [at('main-D.js')]: 'import("./Menu-E.js")' };
const sourceOf = (url: string) => sources[url] ?? null;

describe('moduleRequestDepth with the start template', () => {
  it('puts every module the start template names one level after the HTML', () => {
    const depth = moduleRequestDepth(log, sourceOf, {
      startScript: at('start-A.js'),
      named: ['/assets/react-B.js', '/assets/theme-C.js', '/assets/main-D.js'],
    });
    expect(depth.depth).toBe(2);
    expect(depth.deepest).toEqual(['/assets/start-A.js', '/assets/main-D.js', '/assets/Menu-E.js']);
  });

  it('without it, reads the later preload as found by a module that names it (as before)', () => {
    const depth = moduleRequestDepth(log.slice(0, 9), sourceOf);
    expect(depth.depth).toBe(2);
    expect(depth.deepest).toEqual(['/assets/start-A.js', '/assets/react-B.js', '/assets/theme-C.js']);
  });
});
