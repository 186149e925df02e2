import { useEffect, useState } from 'react';

/**
 * False for the first render, true from the frame after it has been painted. Parts that need not be
 * on the first screen (the landing page's offers, the test-mode ribbon) wait for it, so their
 * chunks are fetched after the first paint rather than competing with it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
