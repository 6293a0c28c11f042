import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A page's polite live-region message. It is emptied first and set a moment later, so
 * that the same message after a second action is announced again.
 */
export function useAnnouncement(): [string, (message: string) => void] {
  const [text, setText] = useState('');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const announce = useCallback((message: string) => {
    setText('');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setText(message), 50);
  }, []);
  return [text, announce];
}
