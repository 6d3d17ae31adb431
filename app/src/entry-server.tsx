import { renderToString } from "react-dom/server"
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router"
import { AppProviders } from "./app-providers"
import { assembleRoutes, pageStatus } from "./assemble"
import { dataKeys } from "./data-hooks"
import { createI18n } from "./i18n"
import { stateScript, type InitialState } from "./initial-state"
import { languageFromPath } from "./languages"
import type { RenderRequest, RenderResult } from "./render-contract"
import type { RouteHandle } from "./root-layout"
import { routeTable } from "./route-table"

const routes = assembleRoutes(routeTable)

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string)

export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, `http://${request.host}`)
  const place = languageFromPath(url.pathname, url.search, request.languages)
  if (place.redirectTo) return { kind: "redirect", status: 302, location: place.redirectTo }

  const handler = createStaticHandler(routes, { basename: place.basename || undefined })
  const context = await handler.query(new Request(url, { headers: request.headers }))
  if (context instanceof Response) {
    return { kind: "redirect", status: context.status, location: context.headers.get("location") ?? "/" }
  }

  const matches = context.matches
  const entry = (matches.at(-1)?.route.handle as RouteHandle | undefined)?.entry
  const data: Record<string, unknown> = {}
  if (entry) {
    await Promise.all(
      dataKeys(entry.data, matches.at(-1)?.params ?? {}).map(async ({ key }) => {
        const value = await request.loadData(key)
        if (value !== undefined) data[key] = value
      }),
    )
  }

  const state: InitialState = {
    host: request.host,
    language: place.language,
    languages: request.languages,
    translations: request.translations(place.language),
    user: request.user,
    data,
  }
  const i18n = createI18n(state)
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToString(
    <AppProviders state={state} i18n={i18n} cache={() => new Map()}>
      <StaticRouterProvider router={router} context={context} nonce={request.nonce} />
    </AppProviders>,
  )
  const head = entry
    ? `<title>${escapeHtml(i18n.t(entry.title))}</title>\n<meta name="description" content="${escapeHtml(i18n.t(entry.description))}">`
    : ""
  const status = context.statusCode >= 400 ? context.statusCode : pageStatus(entry, place.language)
  return { kind: "page", status, language: place.language, head, html, stateScript: stateScript(state) }
}
