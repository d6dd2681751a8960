import { useCallback, useLayoutEffect, useRef } from 'react';

/** How close to the end (px) still counts as reading the newest message. */
const AT_END_PX = 24;

type Anchor = { id: string; offset: number };

/** The first message (an element with data-message-id) showing in the scroller, and how far below its top edge it sits. */
function firstVisible(scroller: HTMLElement): Anchor | null {
  const top = scroller.getBoundingClientRect().top;
  for (const node of scroller.querySelectorAll<HTMLElement>('[data-message-id]')) {
    const box = node.getBoundingClientRect();
    if (box.bottom > top && node.dataset.messageId) return { id: node.dataset.messageId, offset: box.top - top };
  }
  return null;
}

/**
 * Where a conversation's scroller stands while its content changes size (photos and payment
 * requests arriving after the first paint, older pages added on top, new messages at the end):
 *
 * - "stuck" to the end (the start, and whenever the user comes back to the end): it stays at the
 *   newest message whatever grows;
 * - once the user scrolls up: the message they were reading stays where it was on screen.
 *
 * A ResizeObserver on the content does it after layout and before paint, so nothing is seen to
 * jump. The browser's own scroll anchoring is turned off on the scroller (`overflowAnchor: 'none'`)
 * so the two do not both correct.
 */
export function useConversationScroll() {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const anchor = useRef<Anchor | null>(null);
  const lastTop = useRef(0);

  const settle = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    if (stuck.current) {
      el.scrollTop = el.scrollHeight;
    } else if (anchor.current) {
      const node = el.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(anchor.current.id)}"]`);
      if (node) el.scrollTop += node.getBoundingClientRect().top - el.getBoundingClientRect().top - anchor.current.offset;
    }
    lastTop.current = el.scrollTop;
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner) return;
    settle();
    const observer = new ResizeObserver(settle);
    observer.observe(inner);
    observer.observe(el);
    const onScroll = () => {
      // The echo of settle()'s own move: nothing was scrolled by the reader. (Scroll events are
      // dispatched before resize observers run, so a photo that has just grown is already laid out
      // here: taking the anchor now would take the displaced one.)
      if (Math.abs(el.scrollTop - lastTop.current) < 1) return;
      // Moving up is the reader's doing (content growing never lowers scrollTop); reaching the end sticks again.
      if (el.scrollHeight - el.scrollTop - el.clientHeight <= AT_END_PX) stuck.current = true;
      else if (el.scrollTop < lastTop.current - 1) stuck.current = false;
      lastTop.current = el.scrollTop;
      anchor.current = firstVisible(el);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', onScroll);
    };
  }, [settle]);

  return {
    scroller,
    content,
    /** Back to the newest message, and stay there (after sending). */
    toEnd: useCallback(() => {
      stuck.current = true;
      settle();
    }, [settle]),
    /** Keep the message being read in place while older ones are added above it. */
    holdPlace: useCallback(() => {
      const el = scroller.current;
      if (!el) return;
      stuck.current = false;
      anchor.current = firstVisible(el);
    }, []),
  };
}
