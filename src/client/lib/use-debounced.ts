// A value that follows another once it has stopped changing for a while: typed search text asks the server once
// typing pauses, not on every key (the header search, the dashboard's product pickers).
import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms` milliseconds. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
