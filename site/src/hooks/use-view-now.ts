import { useEffect, useState } from "react";
import { msToNextMinute, viewNow } from "../lib/clock.ts";

/**
 * The visitor's clock, once mounted (undefined while rendering at build time, so no state is
 * ever baked into the HTML), moving on at each minute's start.
 */
export function useViewNow(): Date | undefined {
  const [now, setNow] = useState<Date>();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const d = viewNow();
      setNow(d);
      timer = setTimeout(tick, msToNextMinute(d));
    };
    tick();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
