import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import {
  STAT_DEFAULT_PERIOD,
  STAT_EARLIEST_DAY,
  STAT_MAX_WINDOW_DAYS,
  statisticsApi,
  GRAPH_CSV_COLUMNS,
  type GraphQuery,
  type PriceCurrency,
  type StatGraph,
  type StatGraphData,
} from "@manyhands/contract/statistics"
import type { Config } from "../../config"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { checkDay, checkRange, daysBetween } from "../../lib/dates"
import type { Catalogue } from "../captcha/catalogue"
import { periodRange, type GraphRange } from "./figures"
import type { Statistics } from "./service"

/*
 * The public statistics API (STATISTICS.md): GET /api/v2/public_statistics, /api/v2/public_statistics/graph/:graph
 * and /api/v2/customer/prices. Answers come from the rollups through a cache of STATS_CACHE_SECONDS, and say so
 * to browsers and proxies too.
 */

export interface StatisticsRoutesOptions {
  statistics: Statistics
  catalogue: Catalogue
  config: Config
}

const DAY_MS = 86_400_000

/** The site's currency when a request names none: roubles on the Russian site, dollars elsewhere. */
function currencyOf(
  request: FastifyRequest,
  config: Config,
  asked: PriceCurrency | undefined,
): PriceCurrency {
  if (asked) return asked
  return request.host === new URL(config.origins.russian).host ? "RUB" : "USD"
}

/** The period's intervals, or the window's UTC days (both days or none; at most STAT_MAX_WINDOW_DAYS). */
export function graphRange(query: GraphQuery, now: number): GraphRange {
  const from = checkDay(query.dateFrom, "dateFrom")
  const to = checkDay(query.dateTo, "dateTo")
  if (from === undefined && to === undefined) return periodRange(query.period ?? STAT_DEFAULT_PERIOD, now)
  const refuse = (field: string, message: string): never => {
    throw new HttpError(400, "WINDOW_INVALID", message, [{ field, message }])
  }
  if (from === undefined || to === undefined)
    return refuse(from === undefined ? "dateFrom" : "dateTo", "Give both dateFrom and dateTo, or neither.")
  checkRange(from, to)
  if (daysBetween(from, to) > STAT_MAX_WINDOW_DAYS)
    refuse("dateTo", `A window is at most ${STAT_MAX_WINDOW_DAYS} days long.`)
  if (from < STAT_EARLIEST_DAY) refuse("dateFrom", `Statistics start on ${STAT_EARLIEST_DAY}.`)
  const tomorrow = new Date(now + DAY_MS).toISOString().slice(0, 10)
  if (to > tomorrow) refuse("dateTo", "The window cannot end in the future.")
  const start = Date.parse(`${from}T00:00:00Z`)
  return { period: "window", resolution: "day", from: start, to: Date.parse(`${to}T00:00:00Z`) + DAY_MS }
}

/** A graph's points as CSV rows under GRAPH_CSV_COLUMNS; an absent or null field is an empty cell. */
export function graphCsv(graph: StatGraphData): string {
  const rows = graph.points.map((point) =>
    GRAPH_CSV_COLUMNS.map((column) => {
      const value = point[column]
      return value === undefined || value === null ? "" : String(value)
    }).join(","),
  )
  return [GRAPH_CSV_COLUMNS.join(","), ...rows].join("\r\n") + "\r\n"
}

/** Answers this size and above go compressed (the compressed form is made once per cached answer). */
const COMPRESS_FROM = 1024

export async function statisticsRoutes(
  fastify: FastifyInstance,
  { statistics, catalogue, config }: StatisticsRoutesOptions,
) {
  const app = api(fastify)
  const maxAge = `public, max-age=${Math.max(1, Math.round(config.statsCacheSeconds))}`

  /**
   * Sends a cached answer as the text made once for it (no serialising or compressing per request), with an
   * ETag: a client that has it gets 304. The value is built to the endpoint's schema (contract/statistics.ts).
   */
  const send = (request: FastifyRequest, reply: FastifyReply, value: object) => {
    const body = statistics.encoded(value)
    reply.header("cache-control", maxAge).header("vary", "host, accept-encoding").header("etag", body.etag)
    if (request.headers["if-none-match"] === body.etag) return reply.code(304).send()
    reply.type("application/json; charset=utf-8")
    const accepted = request.headers["accept-encoding"] ?? ""
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null
    if (encoding && body.json.length >= COMPRESS_FROM)
      return reply.header("content-encoding", encoding).send(statistics.compressed(value, encoding))
    return reply.send(body.json)
  }

  app.route({
    ...routeOf(statisticsApi.snapshot),
    handler: async (request, reply) =>
      send(request, reply, await statistics.snapshot(currencyOf(request, config, request.query.currency))),
  })

  const readGraph = async (request: FastifyRequest, graph: StatGraph, query: GraphQuery) => {
    const range = graphRange(query, Date.now())
    const type = query.type ?? null
    if (type !== null && !(await catalogue.get(type)))
      throw new HttpError(404, "CAPTCHA_TYPE_NOT_FOUND", `There is no captcha type ${type}.`, [
        { field: "type", message: "unknown type" },
      ])
    return statistics.graph(graph, range, { type, currency: currencyOf(request, config, query.currency) })
  }

  app.route({
    ...routeOf(statisticsApi.graph),
    handler: async (request, reply) =>
      send(request, reply, await readGraph(request, request.params.graph, request.query)),
  })

  // The same points as CSV, for spreadsheets: built from the cached graph.
  app.route({
    ...routeOf(statisticsApi.graphCsv),
    handler: async (request, reply) => {
      const graph = await readGraph(request, request.params.graph, request.query)
      const name = `manyhands-${graph.graph}-${graph.from.slice(0, 10)}-${graph.to.slice(0, 10)}.csv`
      return reply
        .header("cache-control", maxAge)
        .header("vary", "host")
        .header("content-disposition", `attachment; filename="${name}"`)
        .type("text/csv; charset=utf-8")
        .send(graphCsv(graph))
    },
  })

  app.route({
    ...routeOf(statisticsApi.prices),
    handler: async (request, reply) =>
      send(request, reply, await statistics.prices(currencyOf(request, config, request.query.currency))),
  })
}
