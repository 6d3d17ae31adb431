import type { FastifyInstance } from "fastify"
import { playApi, type PracticeResult } from "@manyhands/contract/play"
import type { Database } from "../../db/database"
import { HttpError, answerWith } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { classicAnswer, normaliseSolution } from "../captcha/answers"
import { captchaSamples } from "../captcha/samples"
import { TaskInputError } from "../captcha/task-types"
import { requireUser } from "../session/sessions"
import type { Jobs } from "../jobs/jobs"
import { PlayError, claim, closeDueWeeks, history, leaderboard, profile, rewards, summary } from "./play"

/*
 * The play-and-earn hub's API (contract/src/play.ts): signed in, any account type. XP, leagues and rewards come
 * from a worker's answers (dispatch/queue.ts scores them); anyone may practise on the public samples.
 */

const answer = answerWith(PlayError, (error) =>
  error.code === "REWARD_NOT_FOUND" ? 404 : error.code === "NOT_A_WORKER" ? 403 : 409,
)

/**
 * A practice answer to a public sample: checked as a check task would be (the answer normalised for its type, the
 * text compared without regard to case unless the sample asks for it). No XP, no money.
 */
export function checkPractice(sampleIndex: number, raw: Record<string, unknown>): PracticeResult {
  const sample = captchaSamples()[sampleIndex]?.sample
  if (!sample) throw new HttpError(404, "SAMPLE_NOT_FOUND", "No sample has this number.")
  let given: string
  try {
    given = classicAnswer(sample.type, {}, normaliseSolution(sample.type, {}, raw)).text
  } catch (error) {
    if (error instanceof TaskInputError) throw new HttpError(400, "BAD_ANSWER", error.message)
    throw error
  }
  const caseMatters = sample.fields.regsense === "1"
  const same = (text: string) => (caseMatters ? text.trim() : text.trim().toLowerCase())
  const expected = sample.answer.startsWith("click:")
    ? { click: sample.answer.slice("click:".length).split("/").map(Number) }
    : { text: sample.answer }
  return { correct: same(given) === same(sample.answer), expected }
}

/** Weeks that ended are closed hourly too, so leagues move and promotion bonuses wait even if nobody looks. */
export const PLAY_WEEKS_JOB = "play-close-weeks"

export async function playRoutes(fastify: FastifyInstance, { db, jobs }: { db: Database; jobs: Jobs }) {
  await jobs.every(PLAY_WEEKS_JOB, { seconds: 60 * 60, retryDelaySeconds: 60 }, async () => ({
    closed: await closeDueWeeks(db),
  }))
  const app = api(fastify)
  app.route({
    ...routeOf(playApi.summary),
    handler: async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return summary(db, user.id)
    },
  })
  app.route({
    ...routeOf(playApi.history),
    handler: async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return history(db, user.id, request.query.page ?? 1, request.query.pageSize ?? 20)
    },
  })
  app.route({
    ...routeOf(playApi.leaderboard),
    handler: async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return leaderboard(db, user.id, request.query.scope ?? "week")
    },
  })
  app.route({
    ...routeOf(playApi.rewards),
    handler: async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return rewards(db, user.id)
    },
  })
  app.route({
    ...routeOf(playApi.claim),
    handler: async (request) => {
      const user = requireUser(request)
      return answer(() => claim(db, user.id, request.params.id))
    },
  })
  app.route({
    ...routeOf(playApi.profile),
    handler: async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return profile(db, user.id)
    },
  })
  app.route({
    ...routeOf(playApi.practice),
    handler: async (request) => {
      requireUser(request)
      return checkPractice(request.body.sample, request.body.solution as Record<string, unknown>)
    },
  })
}
