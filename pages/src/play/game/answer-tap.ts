import { workerApi, type AnswerOutcome } from "@manyhands/contract/worker"
import type { ShellApi } from "../../shell-context"

/** The answer address around its assignment id (the path's `:id`): what comes before and after it. */
const [ANSWER_START = "", ANSWER_END = ""] = workerApi.answer.path.split(":id")

/** The assignment id of an answer address, or null for any other address. */
export function answeredAssignment(url: string): string | null {
  if (!url.startsWith(ANSWER_START) || !url.endsWith(ANSWER_END)) return null
  const id = url.slice(ANSWER_START.length, url.length - ANSWER_END.length)
  return id && !id.includes("/") ? decodeURIComponent(id) : null
}

/**
 * The app's API client with a tap on the worker API's answers: the cabinet's solving session sends through it
 * unchanged, and every accepted answer's outcome (with its XP award) is handed to `heard` as well.
 */
export function tapAnswers(
  api: ShellApi,
  heard: (outcome: AnswerOutcome, assignmentId: string) => void,
): ShellApi {
  return {
    ...api,
    send: async <T>(method: Parameters<ShellApi["send"]>[0], url: string, body?: unknown) => {
      const answer = await api.send<T>(method, url, body)
      const assignmentId = method === "POST" ? answeredAssignment(url) : null
      if (assignmentId && answer) heard(answer as unknown as AnswerOutcome, assignmentId)
      return answer
    },
  }
}
