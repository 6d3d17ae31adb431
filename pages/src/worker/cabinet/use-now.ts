import { useEffect, useState } from "react"

/** The time (ms since the epoch), updated every `everyMs` while `running`. */
export function useNow(everyMs = 1_000, running = true): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs, running])
  return now
}
