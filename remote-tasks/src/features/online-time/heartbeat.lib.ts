import { HEARTBEAT_SECONDS } from '@grab/shared/contracts';
import { useEffect, useRef } from 'react';

/**
 * Beats while the page is open and on screen (DESIGN §2.4): at once when it shows, then every
 * `HEARTBEAT_SECONDS`; nothing while it is hidden (another tab, the phone locked), so time on the
 * page is time the earner had it in front of them. `beat` failing is left to the next beat.
 */
export function useHeartbeat(enabled: boolean, beat: () => Promise<void>): void {
  const latest = useRef(beat);
  latest.current = beat;
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setInterval> | null = null;
    const send = () => void latest.current().catch(() => undefined);
    const start = () => {
      if (timer !== null || document.visibilityState !== 'visible') return;
      send();
      timer = setInterval(send, HEARTBEAT_SECONDS * 1000);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? start() : stop());
    start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      stop();
    };
  }, [enabled]);
}
