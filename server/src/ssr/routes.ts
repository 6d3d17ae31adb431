import fastifyStatic from "@fastify/static"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { siteForHost } from "@manyhands/app/sites"
import { articlePath } from "@manyhands/contract/content"
import type { Config } from "../config"
import type { Database } from "../db/database"
import { docsSitemapDocuments } from "../modules/docs/api-docs"
import { SoftwareCatalog } from "../modules/catalog/catalog"
import { readDocsTexts } from "../modules/docs/docs-content"
import { HttpError } from "../http/errors"
import { Content } from "../modules/content/content"
import { ENGLISH_CALLOUT_TITLES } from "../modules/content/render"
import { ensureCsrfToken } from "../modules/session/sessions"
import { noteReferralVisit } from "../modules/visitors/referral-visits"
import type { Translations } from "./translations"
import { acceptsGzip, PageCache, type CachedPage } from "./page-cache"
import { composePage, type PageRenderer } from "./renderer"

const FORWARDED_HEADERS = ["cookie", "accept-language", "user-agent"] as const

/** Areas search engines should not crawl: cabinets, sign-in flows and the APIs. */
const PRIVATE_SECTIONS = [
  "/api",
  "/auth",
  "/dev",
  "/cabinet",
  "/enterpage",
  "/setting",
  "/statistics",
  "/pay",
  "/addbalance",
  "/partner",
  "/profile",
  "/editor",
  "/support/tickets",
]
// A section and everything under it, and nothing more: a bare "/pay" rule would also hide /payment-policy.
const DISALLOW_RULES = PRIVATE_SECTIONS.flatMap((section) => [`${section}$`, `${section}/`])

interface PageRouteOptions {
  renderer: PageRenderer
  /** Anonymous pages kept rendered; absent: every page is rendered for its request. */
  pageCache?: PageCache
  translations: Translations
  config: Config
  db: Database
}

/**
 * Hashed client assets, translations for client navigations, sitemap.xml and robots.txt, and every
 * other GET path rendered by the app (its catch-all screen answers 404).
 */
export async function pageRoutes(app: FastifyInstance, options: PageRouteOptions) {
  const { renderer, translations, config, db } = options
  if (renderer.clientDir) {
    // File names carry a content hash, so browsers may keep them for a year.
    await app.register(fastifyStatic, {
      root: `${renderer.clientDir}/assets`,
      prefix: "/assets/",
      immutable: true,
      maxAge: "365d",
      index: false,
      // The build wrote .br and .gz beside each text asset (app/vite.config.ts): sent as they are, never
      // compressed per request.
      preCompressed: true,
    })
    app.get("/favicon.svg", (_request, reply) =>
      reply.sendFile("favicon.svg", renderer.clientDir as string, { maxAge: "1d", immutable: false }),
    )
    // The push notifications' service worker (app/public/push-sw.js): at the root, so its scope is the whole site;
    // browsers check it for updates, so it is never cached for long.
    app.get("/push-sw.js", (_request, reply) =>
      reply.sendFile("push-sw.js", renderer.clientDir as string, { maxAge: 0, immutable: false }),
    )
  }

  app.get<{ Params: { language: string; namespace: string } }>(
    "/locales/:language/:namespace",
    async (request, reply) => {
      const { language, namespace } = request.params
      const texts = namespace.endsWith(".json")
        ? translations.namespace(language, namespace.slice(0, -5))
        : undefined
      if (!translations.languages.includes(language) || !texts)
        throw new HttpError(404, "NOT_FOUND", `No translations ${language}/${namespace}`)
      return reply.header("cache-control", "public, max-age=300").send(texts)
    },
  )

  // The developer docs and captcha pages, from their texts (server/content/docs, captcha-pages).
  const docsDocuments = docsSitemapDocuments(readDocsTexts())
  app.get("/sitemap.xml", async (request, reply) => {
    const articles = await new Content({ db, calloutTitles: () => ENGLISH_CALLOUT_TITLES }).sitemapDocuments()
    const xml = await renderer.sitemap({
      host: request.host,
      origins: config.origins,
      languages: translations.languages,
      documents: [
        ...articles.map((article) => ({
          translations: article.translations.map((translation) => ({
            language: translation.language,
            path: articlePath(article.kind, translation.slug),
            updatedAt: translation.updatedAt,
          })),
        })),
        ...docsDocuments,
        ...(await new SoftwareCatalog(db).sitemapDocuments()),
      ],
    })
    return reply
      .header("cache-control", "public, max-age=3600")
      .type("application/xml; charset=utf-8")
      .send(xml)
  })

  app.get("/robots.txt", async (request, reply) => {
    const { origin } = siteForHost(request.host, config.origins)
    const lines = [
      "User-agent: *",
      ...DISALLOW_RULES.map((rule) => `Disallow: ${rule}`),
      "",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ]
    return reply
      .header("cache-control", "public, max-age=3600")
      .type("text/plain; charset=utf-8")
      .send(lines.join("\n"))
  })

  app.get("/*", async (request, reply) => renderPage(app, options, request, reply))

  // Forms post (method="post"), so that a form sent before the page's script has loaded never puts its fields
  // (a password) into the address. Such a submission does nothing: its body is dropped unread and the browser is
  // sent back to the page (303), which then works with its script. Nothing changes, so no CSRF token is needed.
  app.register(async (forms) => {
    forms.removeAllContentTypeParsers()
    forms.addContentTypeParser("*", { bodyLimit: 1024 * 1024 }, (_request, payload, done) => {
      payload.resume()
      payload.on("end", () => done(null, undefined))
      payload.on("error", done)
    })
    forms.post("/*", { config: { csrfExempt: true } }, async (request, reply) =>
      // One leading slash: "//host/…" would be another site.
      reply.header("cache-control", "no-store").redirect(`/${request.url.replace(/^[/\\]+/, "")}`, 303),
    )
  })
}

async function renderPage(
  app: FastifyInstance,
  { renderer, translations, config, db, pageCache }: PageRouteOptions,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  // A referral link's visit: the cookie that lets the tracker count the click (referral-visits.ts).
  await noteReferralVisit(db, app.limits, config, request, reply).catch((error: unknown) =>
    request.log.warn({ err: error }, "referral visit not recorded"),
  )
  const headers: Record<string, string> = {}
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name]
    if (typeof value === "string") headers[name] = value
  }
  const { visitor } = request
  const csrfToken = ensureCsrfToken(request, reply, config)
  const nonces = reply.cspNonce
  // Only a visitor without a session sees the page every such visitor sees; signed-in pages are never kept.
  const cache =
    pageCache && renderer.variant && nonces && visitor.user === null && visitor.sessionToken === null
      ? {
          pages: pageCache,
          key: PageCache.key(
            request.host,
            request.url,
            renderer.variant({
              url: request.url,
              host: request.host,
              headers,
              origins: config.origins,
              languages: translations.languages,
              cookies: visitor.cookies,
            }),
          ),
          generation: pageCache.generation,
        }
      : undefined
  const sendPage = (status: number, html: string | Buffer, kept: "hit" | "miss" | undefined) => {
    if (kept) reply.header("x-page-cache", kept)
    return reply.code(status).header("cache-control", "no-cache").type("text/html; charset=utf-8").send(html)
  }
  const values = () => ({ nonce: nonces!.script, styleNonce: nonces!.style, csrfToken })

  /** A kept page for this response: gzip from its deflated parts when the visitor takes it, no compressing anew. */
  const sendKept = (kept: CachedPage, pages: PageCache, outcome: "hit" | "miss") => {
    reply.header("vary", "accept-encoding")
    if (!acceptsGzip(request.headers["accept-encoding"]))
      return sendPage(kept.status, PageCache.body(kept, values()), outcome)
    reply.header("content-encoding", "gzip")
    return sendPage(kept.status, pages.gzipBody(kept, values()), outcome)
  }

  const kept = cache?.pages.get(cache.key)
  if (kept) return sendKept(kept, cache!.pages, "hit")
  const placeholders = cache?.pages.placeholders
  try {
    const result = await renderer.render({
      url: request.url,
      host: request.host,
      headers,
      origins: config.origins,
      languages: translations.languages,
      translations: translations.get,
      user: visitor.user,
      session: visitor.sessionToken !== null,
      csrfToken: placeholders?.csrfToken ?? csrfToken,
      cookies: visitor.cookies,
      nonce: placeholders?.nonce ?? nonces?.script,
      styleNonce: placeholders?.styleNonce ?? nonces?.style,
      // Preloads go through the real API routes (same validation, same answers as the browser gets).
      loadData: async (key) => {
        const response = await app.inject({
          method: "GET",
          url: key,
          headers: { ...headers, host: request.host },
        })
        if (response.statusCode !== 200) {
          request.log.warn({ key, status: response.statusCode }, "preload failed; the browser will fetch it")
          return undefined
        }
        return response.json()
      },
    })
    if (result.kind === "redirect")
      return reply.header("cache-control", "no-store").redirect(result.location, result.status)
    const html = composePage(await renderer.template(request.url), result)
    if (!cache) return sendPage(result.status, html, undefined)
    // Pages that are not there are not kept: any address would take a place.
    const keptNow =
      result.status === 200
        ? cache.pages.set(cache.key, { status: result.status, html }, cache.generation)
        : undefined
    if (keptNow) return sendKept(keptNow, cache.pages, "miss")
    return sendPage(result.status, cache.pages.fillIn(html, values()), "miss")
  } catch (error) {
    request.log.error({ err: error }, "page render failed")
    return reply
      .code(500)
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(FALLBACK_500)
  }
}

// Deliberately static: shown when the app itself cannot render.
const FALLBACK_500 = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Manyhands is having trouble</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1>This page could not be shown</h1><p>Something went wrong on our side. Please reload in a minute.</p>
<p lang="ru">Страницу не удалось показать. Что-то сломалось на нашей стороне — обновите страницу через минуту.</p></body></html>`
