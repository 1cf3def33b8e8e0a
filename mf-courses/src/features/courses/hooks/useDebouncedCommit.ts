import { useEffect, useRef, useState } from 'react';

/**
 * A text box whose value is committed (to the address) a moment after typing stops. When the
 * committed value changes from outside (Clear filters, a clicked skill), the box follows it.
 */
export function useDebouncedCommit(committed: string, commit: (value: string) => void, delayMs: number) {
  const [text, setText] = useState(committed);
  const lastCommitted = useRef(committed);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    if (committed !== lastCommitted.current) {
      lastCommitted.current = committed;
      setText(committed);
    }
  }, [committed]);

  useEffect(() => {
    const value = text.trim();
    if (value === lastCommitted.current) return undefined;
    const timer = setTimeout(() => {
      lastCommitted.current = value;
      commitRef.current(value);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return [text, setText] as const;
}
