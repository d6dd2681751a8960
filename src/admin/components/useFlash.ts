import { useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN_SUCCESS_MS } from '../../../server/domains/admin/inputs';

/** A success message that shows for 3 seconds (spec 2 §2, §9). */
export function useFlash(): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((next: string) => {
    clearTimeout(timer.current);
    setMessage(next);
    timer.current = setTimeout(() => setMessage(null), ADMIN_SUCCESS_MS);
  }, []);
  return [message, show];
}
