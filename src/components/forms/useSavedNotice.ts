import { useEffect, useState } from 'react';

const SHOWN_MS = 3000;

/** A form's "saved" notice: `show()` after a successful save; it hides itself after three seconds. */
export function useSavedNotice() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(false), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return { shown, show: () => setShown(true) };
}
