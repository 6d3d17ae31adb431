import type { FastifyInstance } from "fastify"
import { customerApi, type Currency, type TaskList, type TaskState } from "@manyhands/contract/captcha"
import type { Database } from "../../db/database"
import { api, routeOf } from "../../http/routes"
import { isoTime } from "../../lib/dates"
import { requireCustomer } from "./access"
import { reportableUntil } from "./customer-area-tasks"

/*
 * The customer's tasks, newest first, a page before a task id (CAPTCHA-API.md, "Settings and prices").
 */

interface TaskListRow {
  id: string
  type: string
  state: TaskState
  charged: string
  currency: Currency
  created_at: Date | string
  ended_at: Date | string | null
  report: "good" | "bad" | null
  refunded: boolean
  agree_needed: number
}

/** GET /api/v2/captcha/tasks?limit=&before=. */
export async function taskListRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  api(fastify).route({
    ...routeOf(customerApi.tasks),
    handler: async (request): Promise<TaskList> => {
      const user = requireCustomer(request)
      const { limit, before } = request.query
      // Newest first along the (customer_id, id DESC) index; one row more tells whether a next page exists.
      const { rows } = await db.query<TaskListRow>(
        `SELECT id::text, type, state, charged::text, currency, created_at, ended_at, report, refunded,
                agree_needed
           FROM captcha_tasks WHERE customer_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint)
          ORDER BY id DESC LIMIT $3`,
        [user.id, before ?? null, limit + 1],
      )
      const page = rows.slice(0, limit)
      return {
        tasks: page.map((row) => ({
          id: row.id,
          type: row.type,
          state: row.state,
          cost: Number(row.charged),
          currency: row.currency,
          createdAt: isoTime(row.created_at)!,
          endedAt: isoTime(row.ended_at),
          report: row.report,
          refunded: row.refunded,
          reportableUntil: reportableUntil(row),
        })),
        next: rows.length > limit ? page[page.length - 1]!.id : null,
      }
    },
  })
}
