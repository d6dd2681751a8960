import type { Locator, Page } from 'playwright-core';

// Which React components render during an interaction, read from the built (production) app the
// way React DevTools does it: React calls a global DevTools hook after every commit, production
// builds included. Component names are minified there, so each render is recorded by where it
// lands in the page (its nearest DOM ancestor) and counted inside an element afterwards.
//
// A fiber rendered in a commit when it is new (no alternate) or carries React's PerformedWork flag.
// Flags are only fresh on fibers React worked on in that commit, so (as DevTools does) a subtree is
// entered only when its parent's children were reconciled again (child !== alternate.child).

/** Function, class, forwardRef, memo and simple memo components (React's work tags). */
const COMPONENT_TAGS = [0, 1, 11, 14, 15];
const HOST_COMPONENT = 5;
const PERFORMED_WORK = 1;

type Fiber = {
  tag: number;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
  return: Fiber | null;
  alternate: Fiber | null;
  stateNode: unknown;
};

/** Runs in the page before its scripts: the hook React finds and reports each commit to. */
function installRenderCounter({
  componentTags,
  hostComponent,
  performedWork,
}: {
  componentTags: number[];
  hostComponent: number;
  performedWork: number;
}) {
  const rendered: Element[] = [];
  let recording = false;
  const hostOf = (fiber: Fiber): Element | null => {
    for (let f = fiber.return; f; f = f.return) if (f.tag === hostComponent) return f.stateNode as Element;
    return null;
  };
  const visit = (parent: Fiber) => {
    if (parent.alternate && parent.alternate.child === parent.child) return;
    for (let child = parent.child; child; child = child.sibling) {
      if (componentTags.includes(child.tag) && (!child.alternate || child.flags & performedWork)) {
        const host = hostOf(child);
        if (host && recording) rendered.push(host);
      }
      visit(child);
    }
  };
  const renderers = new Map<number, unknown>();
  Object.assign(window, {
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      renderers,
      inject(internals: unknown) {
        renderers.set(renderers.size + 1, internals);
        return renderers.size;
      },
      onCommitFiberRoot(_id: number, root: { current: Fiber }) {
        visit(root.current);
      },
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      onScheduleFiberRoot() {},
      checkDCE() {},
    },
    __renderCounter: {
      start: () => {
        rendered.length = 0;
        recording = true;
      },
      stop: () => {
        recording = false;
      },
      inside: (element: Element) => rendered.filter((host) => element.contains(host)).length,
    },
  });
}

type Counter = { start(): void; stop(): void; inside(element: Element): number };

/** Records the app's renders in this page; call before its first navigation. */
export async function countRenders(page: Page) {
  await page.addInitScript(installRenderCounter, {
    componentTags: COMPONENT_TAGS,
    hostComponent: HOST_COMPONENT,
    performedWork: PERFORMED_WORK,
  });
}

/**
 * Runs `action` and waits for the page's next frame; the answer counts the component renders that
 * landed inside an element (the element itself or anything in it) meanwhile.
 */
export async function rendersDuring(page: Page, action: () => Promise<void>) {
  await page.evaluate(() => (window as unknown as { __renderCounter: Counter }).__renderCounter.start());
  await action();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await page.evaluate(() => (window as unknown as { __renderCounter: Counter }).__renderCounter.stop());
  return {
    inside: (target: Locator) =>
      target.evaluate((element) => (window as unknown as { __renderCounter: Counter }).__renderCounter.inside(element)),
  };
}
