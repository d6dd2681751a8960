// The "module request depth" of a page load: how many rounds of discovery its JavaScript modules
// took after the HTML. Read from the DevTools protocol's Network.requestWillBeSent events (a
// Lighthouse run's devtools log), whose `initiator` says who asked for each request:
//   - the HTML (a <script type="module"> or <link rel="modulepreload">, also an inline script's
//     import()): initiator.url or the top stack frame is the document → level 0;
//   - a static import: initiator.url is the importing module → its level + 1;
//   - a dynamic import(): the top frame of initiator.stack is the calling module → its level + 1;
//   - a <link rel="modulepreload"> that a script inserted (Vite's preload helper, which inserts
//     a chunk's imports and then calls import() for the chunk) is reported as "about:client",
//     without the script: it gets the level of the next dynamic import the log shows, which is
//     the helper's own import() of that chunk; failing that, 1 + the deepest module that had
//     finished loading when it was asked for (the script that inserted it must have been one).
// So 0 means every module was announced in the HTML, 1 that the rest came from the modules of
// the HTML (route chunks and their imports asked for together), 2 and more that a module was
// only found once a module found at runtime had arrived.

type Initiator = { type: string; url?: string; stack?: { callFrames: Array<{ url: string }>; parent?: Initiator['stack'] } };
type DevtoolsEvent = { method: string; params: unknown };
type RequestSent = { requestId: string; type?: string; documentURL: string; request: { url: string }; initiator: Initiator };
type Finished = { requestId: string };

export type ModuleDepth = { depth: number; modules: number; deepest: string[] };

const isModule = (url: string) => /\.m?js$/.test(new URL(url).pathname);

/** The URL of the script (or document) that asked for a request, or null when the log does not say. */
function initiatorUrl(initiator: Initiator): string | null {
  if (initiator.url && initiator.url !== 'about:client') return initiator.url;
  for (let stack = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames.find((f) => f.url);
    if (frame) return frame.url;
  }
  return null;
}

export function moduleRequestDepth(log: DevtoolsEvent[]): ModuleDepth {
  const documents = new Set<string>();
  const modules: Array<{ url: string; requestId: string; parent: string | null; viaStack: boolean; finishedBefore: string[] }> = [];
  const finished = new Set<string>();
  const urlOfRequest = new Map<string, string>();
  for (const event of log) {
    if (event.method === 'Network.loadingFinished') {
      const url = urlOfRequest.get((event.params as Finished).requestId);
      if (url) finished.add(url);
      continue;
    }
    if (event.method !== 'Network.requestWillBeSent') continue;
    const sent = event.params as RequestSent;
    const url = sent.request.url;
    if (sent.type === 'Document') documents.add(url);
    if (sent.type === 'Document' || !url.startsWith('http') || !isModule(url) || modules.some((m) => m.url === url)) continue;
    urlOfRequest.set(sent.requestId, url);
    modules.push({
      url,
      requestId: sent.requestId,
      parent: initiatorUrl(sent.initiator),
      viaStack: Boolean(sent.initiator.stack),
      finishedBefore: [...finished],
    });
  }

  const level = new Map<string, number>();
  const path = new Map<string, string[]>();
  const levelOf = (index: number): number => {
    const module = modules[index];
    const known = level.get(module.url);
    if (known !== undefined) return known;
    level.set(module.url, 0); // a cycle cannot deepen the level
    let result = 0;
    let via: string[] = [];
    const parentIndex = module.parent ? modules.findIndex((m) => m.url === module.parent) : -1;
    if (module.parent && !documents.has(module.parent) && parentIndex >= 0) {
      result = levelOf(parentIndex) + 1;
      via = path.get(module.parent) ?? [];
    } else if (!module.parent) {
      const importIndex = modules.findIndex((m, i) => i > index && m.viaStack);
      if (importIndex >= 0) {
        result = levelOf(importIndex);
        via = (path.get(modules[importIndex].url) ?? []).slice(0, -1);
      } else {
        const loaded = modules.map((m, i) => ({ m, i })).filter(({ m }) => module.finishedBefore.includes(m.url));
        const deepest = loaded.reduce<{ m: (typeof modules)[number]; i: number } | null>(
          (best, x) => (best && levelOf(best.i) >= levelOf(x.i) ? best : x),
          null,
        );
        result = deepest ? levelOf(deepest.i) + 1 : 1;
        via = deepest ? (path.get(deepest.m.url) ?? []) : [];
      }
    }
    level.set(module.url, result);
    path.set(module.url, [...via, new URL(module.url).pathname]);
    return result;
  };
  let depth = 0;
  let deepest: string[] = [];
  modules.forEach((module, index) => {
    const l = levelOf(index);
    if (l > depth || deepest.length === 0) {
      depth = Math.max(depth, l);
      deepest = path.get(module.url) ?? [];
    }
  });
  return { depth, modules: modules.length, deepest };
}
