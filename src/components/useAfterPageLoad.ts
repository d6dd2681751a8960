import { useEffect, useState } from 'react';

/** How long work may wait for an idle moment once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * False until the page has loaded and the browser has had an idle moment (or two seconds have
 * passed since the load): for background work that the first page need not wait for, so it does
 * not compete with that page's code, data and first paint.
 */
export function useAfterPageLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idleId: number | undefined;
    const whenIdle = () => {
      idleId = window.requestIdleCallback
        ? window.requestIdleCallback(() => setReady(true), { timeout: IDLE_TIMEOUT_MS })
        : window.setTimeout(() => setReady(true), 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idleId !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idleId);
    };
  }, []);
  return ready;
}
