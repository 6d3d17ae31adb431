import { useEffect, useRef } from "react"
import { customerApi, type TestTaskProgress } from "@manyhands/contract/captcha"
import { useShellServices } from "../../shell-context"

/** How often a test task's progress is asked for, and after how many failed asks in a row the page stops. */
const POLL_MS = 1000
const POLL_FAILURES = 3

const isFinal = (progress: TestTaskProgress) => progress.stage === "solved" || progress.stage === "unsolvable"

/**
 * Follows a task the signed-in customer sent through the site (POST /api/v2/captcha/test): asks for its progress
 * every second while `taskId` is set, until it is solved or unsolvable. `onProgress` hears every answer;
 * `onGiveUp` the failure after three failed asks in a row (a new `attempt` starts again).
 */
export function useTestTaskProgress(
  taskId: string | null,
  handlers: { onProgress: (progress: TestTaskProgress) => void; onGiveUp: (error: unknown) => void },
  attempt = 0,
) {
  const { api } = useShellServices()
  const heard = useRef(handlers)
  useEffect(() => {
    heard.current = handlers
  })

  useEffect(() => {
    if (!taskId) return
    let stopped = false
    let failures = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const progress = await api.get<TestTaskProgress>(customerApi.testTask.url({ id: taskId }))
        if (stopped) return
        failures = 0
        heard.current.onProgress(progress)
        if (isFinal(progress)) return
      } catch (error) {
        if (stopped) return
        failures += 1
        if (failures >= POLL_FAILURES) return heard.current.onGiveUp(error)
      }
      timer = setTimeout(() => void poll(), POLL_MS)
    }
    timer = setTimeout(() => void poll(), POLL_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [api, taskId, attempt])
}
