import { renderToString } from "react-dom/server"
import { createStaticHandler, StaticRouterProvider, type StaticHandler } from "react-router"
import { routeData } from "@manyhands/contract"
import { loadAccountMenu } from "@manyhands/pages"
import { isSiteLocale, loadCodeHighlighter } from "@manyhands/design-system"
import { catalog } from "@manyhands/design-system/messages"
import { AppProviders } from "./app-providers"
import { assembleRoutes } from "./assemble"
import { USER_KEY } from "./current-user"
import { dataKeys, registerDataHooks } from "./data-hooks"
import { headTags, sitemapXml, type PageDocument } from "./head"
import { serverI18n } from "./i18n"
import { stateScript, type InitialState } from "./initial-state"
import { staticRouterFor } from "./static-router"
import { noticeVariant, siteNotices } from "./notices"
import { READER_LANGUAGE_COOKIE, readerLanguage } from "./reader-language"
import { pageLanguagesOf } from "./page-languages"
import { languageFallback, pathWithinLanguage, type PageLocation } from "./page-location"
import type { RenderRequest, RenderResult, SitemapRequest, VariantRequest } from "./render-contract"
import type { RouteHandle } from "./root-layout"
import { routeGroups, type RouteGroup } from "./route-groups"
import { isRedirect, routeTable, type PageEntry } from "./route-table"
import { languageFromPath, siteForHost } from "./sites"

// The server renders every area: it knows every data hook from the start.
registerDataHooks(routeData)

/** What a route's loader needs to know of the request it runs for (react-router hands it over as `context`). */
interface RequestContext {
  user: RenderRequest["user"]
  location: PageLocation
}

/**
 * The route handler of one language prefix and first path segment, built once: flattening and ranking some 300
 * routes took about 4 ms of every page, and a screen's lazy module is resolved once, not per request. Matching a
 * path tries the ranked routes one by one, building a regular expression for each, and "/" came after almost all
 * of them (about 6 % of the home page's render); so each handler holds only the routes that can match a path with
 * its first segment: those whose own first segment is that one, and those that begin with a parameter or a
 * splat (`routeGroups`). A route left out could not match, so the first match is the same as among all
 * routes; the routes keep their ids, so the browser hydrates them as its own. The request's user and location
 * reach the loaders as their `context`.
 */
const handlers = new Map<string, StaticHandler>()
const groupOf = routeGroups(routeTable)
const pageLanguages = pageLanguagesOf(routeTable)
function handlerFor(basename: string, group: RouteGroup): StaticHandler {
  const key = `${basename} ${group.key}`
  let handler = handlers.get(key)
  if (!handler) {
    const routes = assembleRoutes(group.routes, {
      basename,
      getUser: (context) => (context as RequestContext).user,
      languageFallback: (entry, pageUrl, context) =>
        languageFallback((context as RequestContext).location, entry, pageUrl),
    })
    handler = createStaticHandler(routes, { basename: basename || undefined })
    handlers.set(key, handler)
  }
  return handler
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  // A signed-in user's page shows their menu, which the browser loads on first use (pages' layout); code blocks are
  // in colour from the server's HTML on.
  await Promise.all([request.user ? loadAccountMenu() : undefined, loadCodeHighlighter()])
  const url = new URL(request.url, `http://${request.host}`)
  const site = siteForHost(request.host, request.origins)
  const place = languageFromPath(url.pathname, url.search, site, request.languages)
  if (place.redirectTo) return { kind: "redirect", status: 302, location: place.redirectTo }
  const location: PageLocation = {
    site,
    origins: request.origins,
    language: place.language,
    basename: place.basename,
  }

  const handler = handlerFor(place.basename, groupOf(url.pathname, place.basename))
  const requestContext: RequestContext = { user: request.user, location }
  const context = await handler.query(new Request(url, { headers: request.headers }), { requestContext })
  if (context instanceof Response) {
    return { kind: "redirect", status: context.status, location: context.headers.get("location") ?? "/" }
  }

  const matches = context.matches
  const entry = (matches.at(-1)?.route.handle as RouteHandle | undefined)?.entry
  const data: Record<string, unknown> = {}
  if (request.user) data[USER_KEY] = request.user
  let document: PageDocument | undefined
  if (entry) {
    const keys = dataKeys(entry.data, { ...entry.params, ...matches.at(-1)?.params }, place.language)
    await Promise.all(
      keys.map(async ({ key }) => {
        const value = await request.loadData(key)
        if (value !== undefined) data[key] = value
      }),
    )
    const documentKey = keys.find(({ prop }) => prop === entry.document)?.key
    if (documentKey) document = data[documentKey] as PageDocument | undefined
  }

  const path = pathWithinLanguage(url.pathname, place.basename)
  const reader = readerLanguage({
    site,
    pageLanguage: place.language,
    entry,
    stored: request.user?.interfaceLanguage,
    cookie: request.cookies[READER_LANGUAGE_COOKIE],
    available: request.languages,
  })
  const state: InitialState = {
    host: request.host,
    site,
    origins: request.origins,
    language: place.language,
    languages: request.languages,
    // Only this language's texts travel with the page; the browser bundle carries English alone.
    designMessages:
      (place.language !== "en" && isSiteLocale(place.language) ? catalog[place.language] : undefined) ?? {},
    translations: request.translations(place.language, ["common", ...(entry?.namespaces ?? [])]),
    user: request.user,
    session: request.session,
    csrfToken: request.csrfToken,
    readerLanguage: reader,
    ...(request.styleNonce ? { styleNonce: request.styleNonce } : {}),
    routes: matches.flatMap(({ route }) => {
      const matched = (route.handle as RouteHandle | undefined)?.entry
      return matched ? [matched] : []
    }),
    notices: siteNotices({
      site,
      origins: request.origins,
      language: place.language,
      path,
      entry,
      acceptLanguage: request.headers["accept-language"] ?? "",
      cookies: request.cookies,
      available: request.languages,
      reader,
      translations: request.translations,
    }),
    data,
  }
  // The server's texts are read once at start and kept by its `translations`: one i18next instance per language and
  // namespaces, its lookups remembered across renders.
  const i18n = serverI18n(request.translations, state)
  const router = staticRouterFor(handler, context)
  const html = renderToString(
    <AppProviders state={state} i18n={i18n} cache={() => new Map()} pageLanguages={pageLanguages}>
      <StaticRouterProvider router={router} context={context} nonce={request.nonce} />
    </AppProviders>,
  )
  // A page of a document that is not there (no such article) is not found.
  const missing = entry?.document !== undefined && document === undefined
  const status = context.statusCode >= 400 ? context.statusCode : missing ? 404 : (entry?.status ?? 200)
  const head = headTags({
    title: entry ? i18n.t(entry.title) : i18n.t("common:meta.error.title"),
    description: entry ? i18n.t(entry.description) : "",
    path,
    entry,
    language: place.language,
    languages: request.languages,
    origins: request.origins,
    status,
    document,
  })
  return { kind: "page", status, language: place.language, head, html, stateScript: stateScript(state) }
}

export function variant(request: VariantRequest): string {
  const site = siteForHost(request.host, request.origins)
  const notices = noticeVariant({
    site,
    acceptLanguage: request.headers["accept-language"] ?? "",
    cookies: request.cookies,
    available: request.languages,
  })
  return `${request.cookies[READER_LANGUAGE_COOKIE] ?? ""}|${notices}`
}

export function sitemap(request: SitemapRequest): string {
  const site = siteForHost(request.host, request.origins)
  const pages = routeTable.filter((entry): entry is PageEntry => !isRedirect(entry))
  return sitemapXml(pages, site.origin, request.languages, request.origins, request.documents)
}
