import fastifyStatic from "@fastify/static"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import type { Translations } from "./translations"
import { composePage, type PageRenderer } from "./renderer"

const FORWARDED_HEADERS = ["cookie", "accept-language", "user-agent"] as const

/** Hashed client assets, and every other GET path rendered by the app (its catch-all screen answers 404). */
export async function pageRoutes(
  app: FastifyInstance,
  { renderer, translations }: { renderer: PageRenderer; translations: Translations },
) {
  if (renderer.clientDir) {
    // File names carry a content hash, so browsers may keep them for a year.
    await app.register(fastifyStatic, {
      root: `${renderer.clientDir}/assets`,
      prefix: "/assets/",
      immutable: true,
      maxAge: "365d",
      index: false,
    })
    for (const file of ["favicon.svg", "robots.txt"]) {
      app.get(`/${file}`, (_request, reply) =>
        reply.sendFile(file, renderer.clientDir as string, { maxAge: "1d", immutable: false }),
      )
    }
  }

  app.get("/*", async (request, reply) => renderPage(app, renderer, translations, request, reply))
}

async function renderPage(
  app: FastifyInstance,
  renderer: PageRenderer,
  translations: Translations,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const headers: Record<string, string> = {}
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name]
    if (typeof value === "string") headers[name] = value
  }
  try {
    const result = await renderer.render({
      url: request.url,
      host: request.host,
      headers,
      languages: translations.languages,
      translations: translations.get,
      user: null,
      nonce: reply.cspNonce?.script,
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
    if (result.kind === "redirect") return reply.redirect(result.location, result.status)
    const html = composePage(await renderer.template(request.url), result)
    return reply
      .code(result.status)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(html)
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
