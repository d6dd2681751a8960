// The "module request depth" of a page load: how many rounds of discovery its JavaScript modules
// took after the HTML. Read from the DevTools protocol's Network.requestWillBeSent events (a
// Lighthouse run's devtools log), whose `initiator` says who asked for each request:
//   - the HTML (a <script type="module"> or <link rel="modulepreload">, also an inline script's
//     import()): initiator.url or the top stack frame is the document → level 0;
//   - a static import: initiator.url is the importing module → its level + 1;
//   - a dynamic import(): the top frame of initiator.stack is the calling module → its level + 1;
//   - a <link rel="modulepreload"> that a script inserted (Vite's preload helper inserts one for
//     a lazy chunk and each of its imports, then calls import()) is reported as "about:client",
//     without the script. The script that inserted it had finished loading and names the file
//     (its import() or its list of preloads): taken to be the module that names it and finished
//     loading last before it was asked for (a chunk inserts its lazy imports' preloads when it
//     runs, right after it arrived), + 1. When no loaded module's source names it, 1 + the
//     deepest module loaded by then (an upper bound).
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

/**
 * `sourceOf` gives a module's JavaScript (from the build), to find which loaded module names a
 * script-inserted preload; null when unknown.
 */
export function moduleRequestDepth(log: DevtoolsEvent[], sourceOf: (url: string) => string | null): ModuleDepth {
  const documents = new Set<string>();
  const modules: Array<{ url: string; parent: string | null; finishedBefore: string[] }> = [];
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
    modules.push({ url, parent: initiatorUrl(sent.initiator), finishedBefore: [...finished] });
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
      const file = new URL(module.url).pathname.split('/').pop() ?? '';
      const loaded = module.finishedBefore.map((url) => ({ url, level: levelOf(modules.findIndex((m) => m.url === url)) }));
      const naming = loaded.findLast((m) => sourceOf(m.url)?.includes(file));
      const inserter = naming ?? loaded.reduce<(typeof loaded)[number] | null>((a, b) => (a && a.level >= b.level ? a : b), null);
      result = inserter ? inserter.level + 1 : 1;
      via = inserter ? (path.get(inserter.url) ?? []) : [];
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
