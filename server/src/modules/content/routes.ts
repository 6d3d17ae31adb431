/*
 * The content API's routes (contract/src/content.ts): for each of the blog, the software blog and tutorials the
 * same public and editor endpoints under the kind's addresses, and the editors' preview and HTML cleaning.
 * Thin: who may call, then the service (content.ts), whose ContentErrors become HTTP answers here.
 */
import { canonicalUrl, siteForHost } from "@manyhands/app/sites"
import {
  ARTICLE_KINDS,
  ARTICLE_PAGE_PATHS,
  CONTENT_APIS,
  FEED_FORMATS,
  articlePath,
  contentEditorApi,
  contentLanguage,
  feedPath,
  type ArticleKind,
} from "@manyhands/contract/content"
import type { SiteLanguage } from "@manyhands/contract/languages"
import type { FastifyInstance, FastifyRequest } from "fastify"
import sanitizeHtml from "sanitize-html"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { answerWith, HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import type { Jobs } from "../jobs/jobs"
import type { LimitSpec, LimitStore } from "../limits/store"
import { requireUser } from "../session/sessions"
import type { Translations } from "../../ssr/translations"
import { CONTENT_PUBLISH_JOB, Content, ContentError, type ContentErrorCode } from "./content"
import { atomFeed, rssFeed } from "./feeds"
import { loadProductContent, readProductContent } from "./product-content"
import { CALLOUT_TYPES, ENGLISH_CALLOUT_TITLES, warmRenderer, type CalloutTitles } from "./render"

const STATUS: Record<ContentErrorCode, number> = {
  ARTICLE_NOT_FOUND: 404,
  TRANSLATION_NOT_FOUND: 404,
  REVISION_NOT_FOUND: 404,
  LANGUAGE_NOT_OFFERED: 400,
  SEARCH_TOO_SHORT: 400,
  PUBLISH_AT_PAST: 400,
  ARTICLE_SLUG_TAKEN: 409,
  ARTICLE_KEY_TAKEN: 409,
  ARTICLE_EDIT_CONFLICT: 409,
}

/** Runs a service call, answering its ContentError with the code's HTTP status. */
const answer = answerWith(ContentError, (error) => STATUS[error.code])

/** Spec §6: the editor pages and their API are for admins and moderators (401 signed out, 403 others). */
export function requireEditor(request: FastifyRequest) {
  const user = requireUser(request)
  if (!user.permissions.admin && !user.permissions.moderator)
    throw new HttpError(403, "FORBIDDEN", "Only editors (administrators and moderators) can do this.")
  return user
}

/** A read counts once per reader (address), article and language an hour. */
const VIEW_LIMIT: LimitSpec = { name: "content-view", points: 1, windowMs: 60 * 60 * 1000 }

/** HTML pasted into the editor: structure and text, links and pictures, nothing that runs or styles. */
export function cleanPastedHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      "h1",
      "h2",
      "h3",
      "h4",
      "h5",
      "h6",
      "p",
      "br",
      "hr",
      "blockquote",
      "pre",
      "code",
      "kbd",
      "strong",
      "b",
      "em",
      "i",
      "s",
      "del",
      "sub",
      "sup",
      "ul",
      "ol",
      "li",
      "dl",
      "dt",
      "dd",
      "a",
      "img",
      "figure",
      "figcaption",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
    ],
    allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "title"], th: ["align"], td: ["align"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["https"] },
    allowProtocolRelative: false,
    // Their text goes too (sanitize-html's default for script, style, textarea, option, noscript; and these).
    nonTextTags: [
      "script",
      "style",
      "textarea",
      "option",
      "noscript",
      "title",
      "template",
      "xmp",
      "iframe",
      "svg",
    ],
  })
}

export async function contentRoutes(
  fastify: FastifyInstance,
  {
    db,
    config,
    jobs,
    limits,
    translations,
  }: { db: Database; config: Config; jobs: Jobs; limits: LimitStore; translations: Translations },
) {
  const calloutTitles = (language: string): CalloutTitles => {
    const texts = (
      translations.namespace(language, "content") as { callout?: Partial<CalloutTitles> } | undefined
    )?.callout
    return Object.fromEntries(
      CALLOUT_TYPES.map((type) => [type, texts?.[type] ?? ENGLISH_CALLOUT_TITLES[type]]),
    ) as CalloutTitles
  }
  const content = new Content({ db, calloutTitles })

  // The highlighter's grammars load at start-up (not in the first save); tests load them when first needed.
  if (config.env !== "test")
    warmRenderer().catch((error: unknown) =>
      fastify.log.warn({ err: error }, "code highlighter failed to load"),
    )

  // The product's own articles (server/content/), on every start; an editor's later change is kept.
  if (config.productContent) {
    const loaded = await loadProductContent(content, readProductContent(), fastify.log)
    fastify.log.info(loaded, "product articles loaded")
  }

  // Scheduled translations are public from their time on (computed in every query); this stores it.
  await jobs.every(CONTENT_PUBLISH_JOB, { seconds: 60, retryDelaySeconds: 30 }, () => content.publishDue())

  const app = api(fastify)
  for (const kind of ARTICLE_KINDS) registerKind(app, kind)

  /** A public request without `language`: the language of the site asked (ru on the Russian site). */
  const siteLanguage = (host: string) => siteForHost(host, config.origins).defaultLanguage as SiteLanguage

  // Feeds of each kind in the language of the site asked (the international site: English).
  // FAQ answers are looked up, not followed: no feed.
  for (const kind of ARTICLE_KINDS.filter((kind) => kind !== "faq"))
    for (const format of FEED_FORMATS)
      fastify.get(feedPath(kind, format), async (request, reply) => {
        const site = siteForHost(request.host, config.origins)
        const language = contentLanguage(kind, site.defaultLanguage)
        const texts = translations.namespace(language, "articles") as
          { feed?: Record<ArticleKind, { title: string; description: string }> } | undefined
        const url = (path: string) => canonicalUrl(language, path, config.origins)
        const feed = {
          title: texts?.feed?.[kind]?.title ?? "Manyhands",
          description: texts?.feed?.[kind]?.description ?? "",
          language,
          pageUrl: url(ARTICLE_PAGE_PATHS[kind]),
          selfUrl: url(feedPath(kind, format)),
          articleUrl: (slug: string) => url(articlePath(kind, slug)),
          entries: await content.feed(kind, language),
        }
        return reply
          .header("cache-control", "public, max-age=600")
          .type(
            format === "rss" ? "application/rss+xml; charset=utf-8" : "application/atom+xml; charset=utf-8",
          )
          .send(format === "rss" ? rssFeed(feed) : atomFeed(feed))
      })

  function registerKind(app: ReturnType<typeof api>, kind: ArticleKind) {
    // The three kinds' endpoints differ only in their addresses: typed as the blog's.
    const { public: reader, editor } = CONTENT_APIS[kind] as unknown as (typeof CONTENT_APIS)["blog"]

    app.route({
      ...routeOf(reader.index),
      handler: (request) =>
        answer(() => content.index(kind, request.query.language ?? siteLanguage(request.host))),
    })
    app.route({
      ...routeOf(reader.list),
      handler: (request) =>
        answer(() =>
          content.list(kind, {
            ...request.query,
            language: request.query.language ?? siteLanguage(request.host),
          }),
        ),
    })
    app.route({
      ...routeOf(reader.bySlug),
      handler: (request) =>
        answer(() =>
          content.bySlug(kind, request.params.slug, request.query.language ?? siteLanguage(request.host)),
        ),
    })
    app.route({
      ...routeOf(reader.view),
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      handler: async (request, reply) => {
        const { id } = request.params
        const { language } = request.body
        await answer(async () => {
          if (!(await content.isPublic(kind, id, language)))
            throw new ContentError("ARTICLE_NOT_FOUND", "No such article.")
          const { allowed } = await limits.hit(VIEW_LIMIT, `${id}:${language}:${request.ip}`)
          if (allowed) await content.countView(kind, id, language)
        })
        return reply.code(204).send()
      },
    })

    app.route({
      ...routeOf(editor.list),
      handler: (request) => {
        requireEditor(request)
        return answer(() => content.editorList(kind, request.query))
      },
    })
    app.route({
      ...routeOf(editor.create),
      bodyLimit: 2 * 1024 * 1024,
      handler: async (request, reply) => {
        const user = requireEditor(request)
        const created = await answer(() => content.create(kind, user.id, request.body))
        return reply.code(201).send(created)
      },
    })
    app.route({
      ...routeOf(editor.byKey),
      handler: (request) => {
        requireEditor(request)
        return answer(() => content.editorArticleByKey(kind, request.params.key))
      },
    })
    app.route({
      ...routeOf(editor.get),
      handler: (request) => {
        requireEditor(request)
        return answer(() => content.editorArticle(kind, request.params.id))
      },
    })
    app.route({
      ...routeOf(editor.save),
      bodyLimit: 2 * 1024 * 1024,
      handler: (request) => {
        const user = requireEditor(request)
        return answer(() => content.save(kind, request.params.id, user.id, request.body))
      },
    })
    app.route({
      ...routeOf(editor.remove),
      handler: async (request, reply) => {
        requireEditor(request)
        await answer(() => content.remove(kind, request.params.id))
        return reply.code(204).send()
      },
    })
    app.route({
      ...routeOf(editor.publish),
      handler: (request) => {
        requireEditor(request)
        return answer(() => content.publish(kind, request.params.id, request.body.language))
      },
    })
    app.route({
      ...routeOf(editor.schedule),
      handler: (request) => {
        requireEditor(request)
        const { language, publishAt } = request.body
        return answer(() => content.schedule(kind, request.params.id, language, publishAt))
      },
    })
    app.route({
      ...routeOf(editor.unpublish),
      handler: (request) => {
        requireEditor(request)
        return answer(() => content.unpublish(kind, request.params.id, request.body.language))
      },
    })
    app.route({
      ...routeOf(editor.revisions),
      handler: async (request) => {
        requireEditor(request)
        const items = await answer(() => content.revisions(kind, request.params.id, request.query.language))
        return { items }
      },
    })
    app.route({
      ...routeOf(editor.revision),
      handler: (request) => {
        requireEditor(request)
        return answer(() => content.revision(kind, request.params.id, request.params.revisionId))
      },
    })
    app.route({
      ...routeOf(editor.restore),
      handler: (request) => {
        const user = requireEditor(request)
        return answer(() => content.restore(kind, request.params.id, request.params.revisionId, user.id))
      },
    })
    app.route({
      ...routeOf(editor.diff),
      handler: (request) => {
        requireEditor(request)
        return answer(() => content.diff(kind, request.params.id, request.query.from, request.query.to))
      },
    })
  }

  app.route({
    ...routeOf(contentEditorApi.preview),
    bodyLimit: 2 * 1024 * 1024,
    config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    handler: async (request) => {
      requireEditor(request)
      const { html, toc, readingMinutes } = await content.render(
        request.body.markdown,
        request.body.language ?? "en",
      )
      return { html, toc, readingMinutes }
    },
  })
  app.route({
    ...routeOf(contentEditorApi.cleanHtml),
    bodyLimit: 2 * 1024 * 1024,
    handler: async (request) => {
      requireEditor(request)
      return { html: cleanPastedHtml(request.body.html) }
    },
  })
}
