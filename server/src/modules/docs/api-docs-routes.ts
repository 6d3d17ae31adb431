/*
 * The docs' and captcha pages' endpoints (contract/src/api-docs.ts): public, cached briefly by browsers (the live
 * figures change every minute), and answered for the host asked — its address is in every code sample.
 */
import { siteForHost } from "@manyhands/app/sites"
import { apiDocsApi, captchaPagesApi, type ApiVersion } from "@manyhands/contract/api-docs"
import type { SiteLanguage } from "@manyhands/contract/languages"
import type { PriceCurrency } from "@manyhands/contract/statistics"
import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Config } from "../../config"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { ApiDocs, DocsError, type LivePrices } from "./api-docs"

interface Options {
  config: Config
  prices: LivePrices
  docs?: ApiDocs
}

export async function apiDocsRoutes(fastify: FastifyInstance, { config, prices, docs }: Options) {
  const service = docs ?? new ApiDocs(prices)
  const app = api(fastify)

  const languageOf = (request: FastifyRequest, asked: SiteLanguage | undefined) =>
    asked ?? (siteForHost(request.host, config.origins).defaultLanguage as SiteLanguage)
  /** The address the samples use: the host asked (or named), with the request's scheme. */
  const baseOf = (request: FastifyRequest, hostname: string | undefined) =>
    `${request.protocol}://${hostname ?? request.host}`
  const currencyOf = (request: FastifyRequest): PriceCurrency =>
    request.host === new URL(config.origins.russian).host ? "RUB" : "USD"

  const answer = async <T>(work: () => Promise<T> | T): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      if (error instanceof DocsError) throw new HttpError(404, error.code, error.message)
      throw error
    }
  }

  app.route({
    ...routeOf(apiDocsApi.index),
    handler: (request) =>
      service.index(languageOf(request, request.query.language), baseOf(request, request.query.hostname)),
  })
  app.route({
    ...routeOf(apiDocsApi.page),
    handler: (request) =>
      answer(() =>
        service.page(
          request.params.slug,
          languageOf(request, request.query.language),
          baseOf(request, request.query.hostname),
          request.query.version as ApiVersion | undefined,
        ),
      ),
  })
  app.route({
    ...routeOf(captchaPagesApi.list),
    handler: (request) =>
      service.captchaPages(
        languageOf(request, request.query.language),
        currencyOf(request),
        request.query.ids
          ?.split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      ),
  })
  app.route({
    ...routeOf(captchaPagesApi.page),
    handler: (request) =>
      answer(() =>
        service.captchaPage(
          request.params.slug,
          languageOf(request, request.query.language),
          currencyOf(request),
          baseOf(request, request.query.hostname),
        ),
      ),
  })
}
