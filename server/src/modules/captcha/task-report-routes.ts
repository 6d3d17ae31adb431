import type { FastifyInstance } from "fastify"
import {
  customerApi,
  type Currency,
  type ReportRefusalCode,
  type TaskReport,
} from "@manyhands/contract/captcha"
import type { Database } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { requireCustomer } from "./access"
import { ApiRefusal, type CaptchaEngine, ReportRefusal, type ReportRefusalReason } from "./engine"

/*
 * The customer area's "Report as wrong" / "Confirm correct" (CAPTCHA-API.md, "Customer area"): reportbad and
 * reportgood for the signed-in customer, through the engine's own rules, with the refusals as HTTP errors.
 */

const NOT_RECORDED: Record<ReportRefusalReason, { code: ReportRefusalCode; message: string }> = {
  not_solved: { code: "TASK_NOT_SOLVED", message: "Only solved tasks can be reported." },
  too_late: {
    code: "REPORT_WINDOW_CLOSED",
    message: "Reports are taken for 15 minutes after a task is sent; this one is older.",
  },
  agreed: {
    code: "AGREED_ANSWER_NOT_REPORTABLE",
    message: "Answers agreed by several workers (100 % recognition) cannot be reported.",
  },
  not_believed: {
    code: "TOO_MANY_REPORTS",
    message: "You report too many of your recent tasks as wrong: this report was not recorded.",
  },
}

/** The engine's refusal of a report as the HTTP error the customer area answers. */
function reportError(error: unknown): unknown {
  if (error instanceof ReportRefusal) {
    const { code, message } = NOT_RECORDED[error.reason]
    return new HttpError(409, code, message)
  }
  if (!(error instanceof ApiRefusal)) return error
  switch (error.code) {
    case "ERROR_DUPLICATE_REPORT":
      return new HttpError(409, "TASK_ALREADY_REPORTED", "This task was already reported.")
    case "ERROR_WRONG_CAPTCHA_ID":
    case "ERROR_WRONG_ID_FORMAT":
      return new HttpError(404, "TASK_NOT_FOUND", "You have no task with this id.")
    case "ERROR_KEY_DOES_NOT_EXIST":
      return new HttpError(400, "ERROR_EMPTY_USER", "The account of this session no longer exists.")
    default:
      return error
  }
}

/** POST /api/v2/captcha/tasks/:id/report. */
export async function taskReportRoutes(
  fastify: FastifyInstance,
  { engine, db }: { engine: CaptchaEngine; db: Database },
) {
  api(fastify).route({
    ...routeOf(customerApi.report),
    handler: async (request, reply): Promise<TaskReport> => {
      const user = requireCustomer(request)
      const { id } = request.params
      const client = await engine.clientFor(user.id).catch((error: unknown) => {
        throw reportError(error)
      })
      try {
        await engine.report(client, id, request.body.verdict)
      } catch (error) {
        throw reportError(error)
      }
      const { rows } = await db.query<{
        report: "good" | "bad"
        refunded: boolean
        charged: string
        currency: Currency
      }>(
        `SELECT report, refunded, charged::text, currency FROM captcha_tasks WHERE id = $1 AND customer_id = $2`,
        [id, user.id],
      )
      const task = rows[0]!
      const charged = Number(task.charged)
      reply.header("cache-control", "no-store")
      return {
        id,
        report: task.report,
        refunded: task.refunded,
        refund: task.refunded ? charged : 0,
        cost: task.refunded ? 0 : charged,
        currency: task.currency,
        balance: await engine.balance(client),
      }
    },
  })
}
