/*
 * Self-help endpoints: the support bot (contract/src/bot.ts) and FAQ votes (contract/src/faq.ts). Anyone may ask
 * and vote (the CSRF header as every POST, a limited number an hour per account or address); a conversation is
 * its asker's alone; staff read the FAQ-gap report and the answers' tally. The bot's knowledge is rebuilt from
 * the content at start and, when it changed, every BOT_INDEX_SECONDS by a job.
 */
import { BOT_QUESTIONS_PER_HOUR, botApi } from "@manyhands/contract/bot"
import { faqVotesApi } from "@manyhands/contract/faq"
import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Database } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { requireEditor } from "../content/routes"
import { readDocsTexts } from "../docs/docs-content"
import type { Jobs } from "../jobs/jobs"
import { BotIndex, SupportBot, SupportBotError, visitorKey, type Asker } from "./bot"
import { FaqError, FaqVotes } from "./faq"

export const BOT_INDEX_JOB = "support-bot-index"
const BOT_INDEX_SECONDS = 300
/** FAQ votes one reader may cast an hour. */
const VOTES_PER_HOUR = 60

const perHour = (name: string, max: number) => ({
  rateLimit: {
    max,
    timeWindow: 60 * 60 * 1000,
    hook: "preHandler" as const,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.visitor.user?.id ?? request.ip}`,
  },
})

function askerOf(request: FastifyRequest): Asker {
  return { userId: request.visitor.user?.id ?? null, visitor: visitorKey(request.visitor.csrfToken) }
}

async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof SupportBotError)
      throw new HttpError(error.code === "BOT_THREAD_FULL" ? 409 : 404, error.code, error.message)
    if (error instanceof FaqError) throw new HttpError(404, error.code, error.message)
    throw error
  }
}

export async function helpRoutes(
  fastify: FastifyInstance,
  { db, jobs, buildAtStart }: { db: Database; jobs: Jobs; buildAtStart: boolean },
) {
  const index = new BotIndex(db, readDocsTexts())
  const bot = new SupportBot(db, index)
  const votes = new FaqVotes(db)
  const build = () =>
    index.refresh().then(
      () => undefined,
      (error: unknown) => fastify.log.error({ err: error }, "the support bot's index was not built"),
    )
  // With the product's content the first build runs beside the start (a question asked meanwhile waits for it);
  // without (the unit tests' servers), the first question builds it.
  let built: Promise<void> | null = buildAtStart ? build() : null
  // The job keeps a built index fresh; the first build is the start's or the first question's.
  await jobs.every(BOT_INDEX_JOB, { seconds: BOT_INDEX_SECONDS, retryDelaySeconds: 60 }, async () => {
    if (!built) return
    await built
    const refreshed = index.refresh()
    // Questions keep the chunks they have if this fails; the job's failure is logged and retried.
    built = refreshed.then(
      () => undefined,
      () => undefined,
    )
    await refreshed
  })
  fastify.addHook("preClose", async () => {
    await built
  })

  const app = api(fastify)
  app.route({
    ...routeOf(botApi.ask),
    config: perHour("support-bot", BOT_QUESTIONS_PER_HOUR),
    handler: async (request, reply) => {
      await (built ??= build())
      const thread = await answer(() => bot.ask(askerOf(request), request.body))
      return reply.code(201).header("cache-control", "no-store").send(thread)
    },
  })
  app.route({
    ...routeOf(botApi.thread),
    handler: (request, reply) => {
      void reply.header("cache-control", "no-store")
      return answer(() => bot.owned(askerOf(request), request.params.id))
    },
  })
  app.route({
    ...routeOf(botApi.feedback),
    handler: (request) =>
      answer(() =>
        bot.feedback(askerOf(request), request.params.id, request.params.messageId, request.body.helpful),
      ),
  })
  app.route({
    ...routeOf(botApi.publish),
    handler: (request) =>
      answer(() => bot.publish(askerOf(request), request.params.id, request.body.published)),
  })
  app.route({
    ...routeOf(botApi.published),
    handler: (request, reply) => {
      void reply.header("cache-control", "public, max-age=60")
      return bot.published(request.query.page ?? 0)
    },
  })
  app.route({
    ...routeOf(botApi.gaps),
    handler: (request, reply) => {
      requireEditor(request)
      void reply.header("cache-control", "no-store")
      return bot.gaps()
    },
  })
  app.route({
    ...routeOf(faqVotesApi.vote),
    config: perHour("faq-vote", VOTES_PER_HOUR),
    handler: async (request, reply) => {
      const user = request.visitor.user
      const voter = user ? `u:${user.id}` : visitorKey(request.visitor.csrfToken)
      // The CSRF check before this handler means a voter without a token never gets here.
      if (!voter) throw new HttpError(403, "CSRF_TOKEN_INVALID", "Reload the page and vote again.")
      const language = user?.interfaceLanguage === "ru" ? "ru" : "en"
      await answer(() => votes.vote(request.params.id, voter, language, request.body.helpful))
      return reply.code(204).send()
    },
  })
  app.route({
    ...routeOf(faqVotesApi.helpfulness),
    handler: (request, reply) => {
      requireEditor(request)
      void reply.header("cache-control", "no-store")
      return votes.helpfulness()
    },
  })
}
