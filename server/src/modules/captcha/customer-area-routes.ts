import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Page } from "@manyhands/contract"
import {
  customerApi,
  GRAPH_DEFAULT_DAYS,
  MAX_GRAPH_DAYS,
  TEST_BODY_LIMIT,
  type DashboardData,
  type GraphData,
  type TestTaskProgress,
  type UploadFilters,
  type UploadItem,
} from "@manyhands/contract/captcha"
import type { Config } from "../../config"
import type { Database, Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { addDays, checkDay, checkRange, daysBetween } from "../../lib/dates"
import { requireCustomer } from "./access"
import type { CaptchaEngine } from "./engine"
import {
  apiOrigin,
  classicFields,
  classicRefusal,
  classicSuccess,
  inRequestText,
  resAnswer,
  resRequestText,
} from "./customer-area-exchange"
import {
  classicAnswerText,
  costOf,
  type Customer,
  PICTURE_ORDER,
  reportableUntil,
  signedInCustomer,
  SUMMARY_COLUMNS,
  type SummaryRow,
  taskSummary,
  tenths,
  today,
} from "./customer-area-tasks"
import { parseClassicSubmission } from "./parse-classic"
import { perThousand } from "./prices"
import type { TaskRow } from "./tasks"

/*
 * The customer area's API (CAPTCHA-API.md, "Customer area"): the dashboard, the upload statistics and graph,
 * task pictures, and the test page's submissions. Schemas and types: `customerApi` of @manyhands/contract/captcha.
 */

export interface CustomerAreaOptions {
  engine: CaptchaEngine
  db: Database
  config: Config
}

const RECENT_TASKS = 10
/** The service load is the same for every customer: computed at most this often per server process. */
const LOAD_TTL_MS = 10_000
/** Workers count as online this long after a claim or an answer. */
const ONLINE_SECONDS = 120
/** Test submissions per customer and minute: a person trying the API, not a client using it. */
const TEST_SUBMISSIONS_PER_MINUTE = 30

// ---------------------------------------------------------------------------------------------------------
// Service load, shared by every customer's dashboard

type ServiceLoad = DashboardData["load"]

const loads = new WeakMap<Database, { at: number; load: Promise<ServiceLoad> }>()

/** Drops the cached service load of this database (tests that change it and look again at once). */
export function forgetServiceLoad(db: Database) {
  loads.delete(db)
}

/**
 * Waiting tasks from the partial queue index; workers and solve times from the newest rows only: ids grow with
 * created_at, so a backward walk of the primary key finds where the recent rows start. An assignment answered
 * in the last 2 minutes was created less than 15 minutes ago (a task's assignments end by its deadline, 5
 * minutes at most); an image task that ended in the last hour was created at most one deadline before that.
 */
async function readServiceLoad(db: Queryable, imageDeadlineSeconds: number): Promise<ServiceLoad> {
  const { rows } = await db.query<{ waiting: number; workers: number; median: number | null }>(
    `SELECT
       (SELECT count(*)::int FROM captcha_tasks WHERE state = 'open' AND wanted > 0) AS waiting,
       (SELECT count(DISTINCT a.worker_id)::int FROM task_assignments a
         WHERE a.id > coalesce((SELECT id FROM task_assignments
                                 WHERE created_at < now() - interval '15 minutes' ORDER BY id DESC LIMIT 1), 0)
           AND (a.created_at >= now() - make_interval(secs => $1)
                OR a.answered_at >= now() - make_interval(secs => $1))) AS workers,
       (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM t.ended_at - t.created_at))
          FROM captcha_tasks t
         WHERE t.id > coalesce((SELECT id FROM captcha_tasks
                                 WHERE created_at < now() - interval '1 hour' - make_interval(secs => $2)
                                 ORDER BY id DESC LIMIT 1), 0)
           AND t.state = 'solved' AND t.kind = 'image' AND t.ended_at >= now() - interval '1 hour')::float8
         AS median`,
    [ONLINE_SECONDS, imageDeadlineSeconds + 60],
  )
  const row = rows[0]!
  return { waiting: row.waiting, workersOnline: row.workers, medianSolveSeconds: tenths(row.median) }
}

async function serviceLoad(db: Database, engine: CaptchaEngine): Promise<ServiceLoad> {
  const cached = loads.get(db)
  if (cached && Date.now() - cached.at < LOAD_TTL_MS) return cached.load
  const types = [...(await engine.catalogue.all()).values()]
  const deadline = Math.max(0, ...types.filter((type) => type.kind === "image").map((t) => t.deadlineSeconds))
  const load = readServiceLoad(db, deadline)
  loads.set(db, { at: Date.now(), load })
  load.catch(() => loads.delete(db))
  return load
}

// ---------------------------------------------------------------------------------------------------------
// Dashboard

/** Tasks, solved ones and spend (in the customer's currency) since the start of today and of this month. */
async function periods(db: Queryable, customer: Customer) {
  const { rows } = await db.query<Record<string, number | string>>(
    `WITH bounds AS (
       SELECT date_trunc('day', now() AT TIME ZONE $2) AT TIME ZONE $2 AS day_start,
              date_trunc('month', now() AT TIME ZONE $2) AT TIME ZONE $2 AS month_start)
     SELECT count(*) FILTER (WHERE t.created_at >= b.day_start)::int AS today_tasks,
            count(*) FILTER (WHERE t.created_at >= b.day_start AND t.state = 'solved')::int AS today_solved,
            coalesce(sum(t.charged) FILTER (WHERE t.created_at >= b.day_start AND NOT t.refunded
                                              AND t.currency = $3), 0)::text AS today_spent,
            count(*)::int AS month_tasks,
            count(*) FILTER (WHERE t.state = 'solved')::int AS month_solved,
            coalesce(sum(t.charged) FILTER (WHERE NOT t.refunded AND t.currency = $3), 0)::text AS month_spent
       FROM bounds b JOIN captcha_tasks t ON t.customer_id = $1 AND t.created_at >= b.month_start`,
    [customer.id, customer.timeZone, customer.currency],
  )
  const row = rows[0]
  const period = (prefix: string) => ({
    tasks: Number(row?.[`${prefix}_tasks`] ?? 0),
    solved: Number(row?.[`${prefix}_solved`] ?? 0),
    spent: Number(row?.[`${prefix}_spent`] ?? 0),
  })
  return { today: period("today"), month: period("month") }
}

/** What the customer can spend now in their currency: posted credits less debits and holds. */
async function availableBalance(db: Queryable, customer: Customer): Promise<number> {
  const { rows } = await db.query<{ available: string }>(
    `SELECT (credits_posted - debits_posted - debits_pending)::text AS available FROM ledger_accounts
      WHERE user_id = $1 AND purpose = 'customer_balance' AND currency = $2`,
    [customer.id, customer.currency],
  )
  return Number(rows[0]?.available ?? 0)
}

async function recentTasks(db: Queryable, customerId: string) {
  const { rows } = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM captcha_tasks t WHERE t.customer_id = $1 ORDER BY t.id DESC LIMIT $2`,
    [customerId, RECENT_TASKS],
  )
  return rows.map(taskSummary)
}

function dashboardRoute(fastify: FastifyInstance, { engine, db }: CustomerAreaOptions) {
  api(fastify).route({
    ...routeOf(customerApi.dashboard),
    handler: async (request, reply): Promise<DashboardData> => {
      const customer = await signedInCustomer(db, request)
      const [amount, counts, recent, load, catalogue] = await Promise.all([
        availableBalance(db, customer),
        periods(db, customer),
        recentTasks(db, customer.id),
        serviceLoad(db, engine),
        engine.catalogue.all(),
      ])
      const prices = [...catalogue.values()]
        .filter((type) => type.enabled && type.prices[customer.currency] !== undefined)
        .map((type) => ({
          type: type.code,
          kind: type.kind,
          perThousand: perThousand(type.prices[customer.currency]!),
        }))
      reply.header("cache-control", "no-store")
      return {
        balance: { amount, currency: customer.currency },
        ...counts,
        recent,
        apiKey: { exists: customer.apiKey.hint !== null, ...customer.apiKey },
        load,
        prices,
      }
    },
  })
}

// ---------------------------------------------------------------------------------------------------------
// Statistics: uploads and graph

/** The filters as SQL conditions on `captcha_tasks t`, parameters $1 (customer) to $6 (time zone). */
const UPLOAD_FILTERS = `t.customer_id = $1 AND ($2::text IS NULL OR t.type = $2)
  AND ($3::text IS NULL OR t.state = $3)
  AND ($4::date IS NULL OR t.created_at >= $4::date::timestamp AT TIME ZONE $6)
  AND ($5::date IS NULL OR t.created_at < ($5::date + 1)::timestamp AT TIME ZONE $6)`

async function uploads(db: Queryable, customer: Customer, query: UploadFilters): Promise<Page<UploadItem>> {
  const filters = [
    customer.id,
    query.type ?? null,
    query.state ?? null,
    query.dateFrom ?? null,
    query.dateTo ?? null,
    customer.timeZone,
  ]
  // The page first (newest first along the customer's index), then per row of the page only: its picture and
  // the accepted answer's assignment (the worker who solved it answered it once).
  const [page, count] = await Promise.all([
    db.query<SummaryRow & { worker_seconds: number | null }>(
      `SELECT ${SUMMARY_COLUMNS},
              (SELECT extract(epoch FROM a.answered_at - a.created_at)::float8 FROM task_assignments a
                WHERE a.task_id = t.id AND a.worker_id = t.solved_by AND a.state = 'answered'
                LIMIT 1) AS worker_seconds
         FROM (SELECT * FROM captcha_tasks t WHERE ${UPLOAD_FILTERS} ORDER BY t.id DESC LIMIT $7 OFFSET $8) t
        ORDER BY t.id DESC`,
      [...filters, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM captcha_tasks t WHERE ${UPLOAD_FILTERS}`,
      filters,
    ),
  ])
  return {
    items: page.rows.map((row) => ({
      ...taskSummary(row),
      workerSeconds: row.state === "solved" ? tenths(row.worker_seconds) : null,
    })),
    total: count.rows[0]!.total,
    page: query.page,
    pageSize: query.pageSize,
  }
}

async function graph(
  db: Queryable,
  customer: Customer,
  given: { dateFrom?: string; dateTo?: string },
): Promise<GraphData> {
  let dateFrom = checkDay(given.dateFrom, "dateFrom")
  let dateTo = checkDay(given.dateTo, "dateTo")
  dateTo ??= await today(db, customer)
  dateFrom ??= addDays(dateTo, 1 - GRAPH_DEFAULT_DAYS)
  checkRange(dateFrom, dateTo)
  if (daysBetween(dateFrom, dateTo) > MAX_GRAPH_DAYS) {
    const message = `Choose at most ${MAX_GRAPH_DAYS} days (${dateFrom} to ${dateTo} are ${daysBetween(dateFrom, dateTo)}).`
    throw new HttpError(400, "DATE_RANGE_TOO_LONG", message, [{ field: "dateFrom", message }])
  }
  const { rows } = await db.query<{
    date: string
    type: string
    tasks: number
    solved: number
    spent: string
    average: number | null
  }>(
    `SELECT to_char(t.created_at AT TIME ZONE $2, 'YYYY-MM-DD') AS date, t.type,
            count(*)::int AS tasks,
            count(*) FILTER (WHERE t.state = 'solved')::int AS solved,
            coalesce(sum(t.charged) FILTER (WHERE NOT t.refunded AND t.currency = $5), 0)::text AS spent,
            (avg(extract(epoch FROM t.ended_at - t.created_at)) FILTER (WHERE t.state = 'solved'))::float8
              AS average
       FROM captcha_tasks t
      WHERE t.customer_id = $1
        AND t.created_at >= $3::date::timestamp AT TIME ZONE $2
        AND t.created_at < ($4::date + 1)::timestamp AT TIME ZONE $2
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [customer.id, customer.timeZone, dateFrom, dateTo, customer.currency],
  )
  return {
    dateFrom,
    dateTo,
    currency: customer.currency,
    rows: rows.map((row) => ({
      date: row.date,
      type: row.type,
      tasks: row.tasks,
      solved: row.solved,
      spent: Number(row.spent),
      averageSolveSeconds: tenths(row.average),
    })),
  }
}

function statisticsRoutes(fastify: FastifyInstance, { db }: CustomerAreaOptions) {
  const app = api(fastify)
  app.route({
    ...routeOf(customerApi.uploads),
    handler: async (request, reply) => {
      const customer = await signedInCustomer(db, request)
      const query = { ...request.query }
      checkDay(query.dateFrom, "dateFrom")
      checkDay(query.dateTo, "dateTo")
      checkRange(query.dateFrom, query.dateTo)
      reply.header("cache-control", "no-store")
      return uploads(db, customer, query)
    },
  })

  app.route({
    ...routeOf(customerApi.graph),
    handler: async (request, reply) => {
      const customer = await signedInCustomer(db, request)
      reply.header("cache-control", "no-store")
      return graph(db, customer, request.query)
    },
  })
}

// ---------------------------------------------------------------------------------------------------------
// Task pictures

function imageRoute(fastify: FastifyInstance, { db }: CustomerAreaOptions) {
  api(fastify).route({
    ...routeOf(customerApi.taskImage),
    handler: async (request, reply) => {
      const user = requireCustomer(request)
      const { rows } = await db.query<{ mime: string; data: Uint8Array }>(
        `SELECT f.mime, f.data FROM captcha_task_files f JOIN captcha_tasks t ON t.id = f.task_id
          WHERE f.task_id = $1 AND t.customer_id = $2 AND f.mime LIKE 'image/%'
          ORDER BY ${PICTURE_ORDER} LIMIT 1`,
        [request.params.id, user.id],
      )
      const file = rows[0]
      if (!file)
        throw new HttpError(
          404,
          "TASK_IMAGE_NOT_FOUND",
          "You have no task with this id, or it has no picture.",
        )
      // The picture of a task never changes; it is the customer's own, so no shared cache may keep it.
      return reply
        .type(file.mime)
        .header("cache-control", "private, max-age=86400")
        .send(Buffer.from(file.data))
    },
  })
}

// ---------------------------------------------------------------------------------------------------------
// The test page: in.php submissions for the signed-in customer, and their progress as res.php reports it

type ProgressRow = Pick<
  TaskRow,
  | "id"
  | "type"
  | "params"
  | "state"
  | "charged"
  | "currency"
  | "solution"
  | "error_code"
  | "deadline_at"
  | "created_at"
  | "agree_needed"
> & {
  report: "good" | "bad" | null
  refunded: boolean
  solve_seconds: number | null
  working: boolean
}

async function progressRow(db: Queryable, customerId: string, id: string): Promise<ProgressRow | undefined> {
  const { rows } = await db.query<ProgressRow>(
    `SELECT t.id::text, t.type, t.params, t.state, t.charged::text, t.currency, t.solution, t.error_code,
            t.deadline_at, t.created_at, t.agree_needed, t.report, t.refunded, extract(epoch FROM t.ended_at - t.created_at)::float8 AS solve_seconds,
            EXISTS (SELECT 1 FROM task_assignments a
                     WHERE a.task_id = t.id AND a.state = 'active' AND a.lease_until > now()) AS working
       FROM captcha_tasks t WHERE t.id = $1 AND t.customer_id = $2`,
    [id, customerId],
  )
  return rows[0]
}

function testRoutes(fastify: FastifyInstance, { engine, db, config }: CustomerAreaOptions) {
  const app = api(fastify)
  app.route({
    ...routeOf(customerApi.test),
    bodyLimit: TEST_BODY_LIMIT,
    config: {
      rateLimit: {
        max: TEST_SUBMISSIONS_PER_MINUTE,
        timeWindow: "1 minute",
        hook: "preHandler",
        keyGenerator: (request: FastifyRequest) => `captcha-test:${request.visitor.user?.id ?? request.ip}`,
      },
    },
    handler: async (request, reply) => {
      const customer = await signedInCustomer(db, request)
      const fields = classicFields(request.body.fields)
      const exchangeRequest = inRequestText(apiOrigin(request, config), fields)
      reply.header("cache-control", "no-store")
      // As /in.php takes it (customer-routes.ts) from the customer's key, the session standing in for the key
      // (its IP allow-list does not apply): same parsing, checks, defaults, price and hold; refusals are
      // in.php's own answers.
      try {
        const softId = /^\d{1,9}$/.test(fields.soft_id?.trim() ?? "") ? Number(fields.soft_id) : undefined
        const { id } = await engine.submit(
          await engine.clientFor(customer.id),
          parseClassicSubmission(fields, {}),
          {
            api: "classic",
            pingbackUrl: fields.pingback?.trim() || undefined,
            softId,
            ip: request.ip,
          },
        )
        return { taskId: id, exchange: { request: exchangeRequest, response: classicSuccess(id) } }
      } catch (error) {
        return { taskId: null, exchange: { request: exchangeRequest, response: classicRefusal(error) } }
      }
    },
  })

  app.route({
    ...routeOf(customerApi.testTask),
    handler: async (request, reply): Promise<TestTaskProgress> => {
      const customer = await signedInCustomer(db, request)
      const { id } = request.params
      let task = await progressRow(db, customer.id, id)
      if (!task) throw new HttpError(404, "TASK_NOT_FOUND", "You have no task with this id.")
      // res.php ends a task past its deadline when asked, before the sweep does: so does this.
      if (task.state === "open" && new Date(task.deadline_at).getTime() <= Date.now()) {
        await engine.expire(id)
        task = (await progressRow(db, customer.id, id))!
      }
      reply.header("cache-control", "no-store")
      return {
        id,
        stage: task.state === "open" ? (task.working ? "working" : "queued") : task.state,
        answer: classicAnswerText(task),
        errorCode: task.state === "unsolvable" ? (task.error_code ?? "ERROR_CAPTCHA_UNSOLVABLE") : null,
        cost: costOf(task),
        currency: task.currency,
        solveSeconds: tenths(task.solve_seconds),
        report: task.report,
        refunded: task.refunded,
        reportableUntil: reportableUntil(task),
        exchange: { request: resRequestText(apiOrigin(request, config), id), response: resAnswer(task) },
      }
    },
  })
}

/** The customer area's API. */
export async function customerAreaRoutes(app: FastifyInstance, options: CustomerAreaOptions) {
  dashboardRoute(app, options)
  statisticsRoutes(app, options)
  imageRoute(app, options)
  testRoutes(app, options)
}
