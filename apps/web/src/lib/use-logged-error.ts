import { useEffect } from 'react';

/** docs/behaviour.md §8: failed loads of properties, rooms and availability are logged, and the screen degrades gracefully. */
export function useLoggedError(error: unknown, message: string): void {
  useEffect(() => {
    if (error) console.warn(message, error);
  }, [error, message]);
}
