import "./fonts.css"
import "./styles.css"
import type { i18n as I18n } from "i18next"
import { startTransition, useEffect, type ReactNode } from "react"
import { hydrateRoot } from "react-dom/client"
import { setNonce } from "get-nonce"
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router"
import { RouterProvider } from "react-router/dom"
import { loadAccountMenu } from "@manyhands/pages"
import pageLanguages from "virtual:manyhands/page-languages"
import { AppProviders } from "./app-providers"
import { assembleRoutes, type AssembleOptions } from "./assemble"
import { fetchJson } from "./fetcher"
import { createI18n } from "./i18n"
import { INITIAL_STATE_ID, type CurrentUser, type InitialState } from "./initial-state"
import { reloadForChunkError } from "./lazy-reload"
import { languageFallback } from "./page-location"
import { reportRenderError } from "./report-error"
import { routeDiscovery } from "./route-discovery"
import { languageFromPath } from "./sites"

function readInitialState(): InitialState {
  const element = document.getElementById(INITIAL_STATE_ID)
  if (!element?.textContent) throw new Error("Manyhands: the page carries no initial state")
  return JSON.parse(element.textContent) as InitialState
}

/** Fetches the namespaces a page needs that this page load does not have yet. */
function namespaceLoader(i18n: I18n, language: string) {
  return async (namespaces: readonly string[]) => {
    const missing = namespaces.filter((ns) => !i18n.hasResourceBundle(language, ns))
    await Promise.all(
      missing.map(async (ns) => {
        const texts = await fetchJson<Record<string, unknown>>(`/locales/${language}/${ns}.json`)
        i18n.addResourceBundle(language, ns, texts, true, true)
      }),
    )
  }
}

async function start() {
  const state = readInitialState()
  if (window.location.host !== state.host) {
    // Spec §1: the app only starts on the host the server rendered it for (a copied page or a proxy).
    console.error(
      `Manyhands: this page was rendered for ${state.host}, not ${window.location.host}; not starting.`,
    )
    return
  }
  const { basename } = languageFromPath(
    window.location.pathname,
    window.location.search,
    state.site,
    state.languages,
  )
  // <style> elements added at run time (the dialogs' scroll lock) carry this response's CSP nonce.
  if (state.styleNonce) setNonce(state.styleNonce)
  const i18n = createI18n(state)
  const userRef: { current: CurrentUser | null } = { current: state.user }
  const options: AssembleOptions = {
    basename,
    getUser: () => userRef.current,
    languageFallback: (entry, url) =>
      languageFallback(
        { site: state.site, origins: state.origins, language: state.language, basename },
        entry,
        url,
      ),
    loadNamespaces: namespaceLoader(i18n, state.language),
  }
  // This page's routes; the rest of the table follows (route-discovery.ts).
  const routes = assembleRoutes(state.routes, options)
  const discovery = routeDiscovery(state.routes, options)
  // The signed-in user's menu is in the server's HTML: its code is needed for the first render too.
  await Promise.all([resolveLazyMatches(routes, basename), state.user ? loadAccountMenu() : undefined])
  const router = createBrowserRouter(routes, {
    basename: basename || undefined,
    patchRoutesOnNavigation: discovery.patchRoutesOnNavigation,
  })
  const root = document.getElementById("root")
  if (!root) throw new Error("Manyhands: #root is missing")
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task (a phone's
  // main thread stays free for input: Lighthouse's total blocking time); a click meanwhile has React hydrate its
  // target first.
  startTransition(() => {
    hydrateRoot(
      root,
      <HydratedMark>
        <AppProviders state={state} i18n={i18n} userRef={userRef} pageLanguages={pageLanguages}>
          <RouterProvider router={router} />
        </AppProviders>
      </HydratedMark>,
      {
        onRecoverableError: (error, info) => {
          console.error("Manyhands: recoverable render error", error)
          reportRenderError("recoverable", error, info.componentStack)
        },
      },
    )
  })
  onFirstLinkIntent(discovery.prefetch)
}

/**
 * Runs `task` the first time the reader points at, presses or focuses a link: a navigation may follow, and the
 * route table is then on its way before the click. A visitor who reads one page and leaves never loads it.
 */
function onFirstLinkIntent(task: () => void) {
  const events = ["pointerover", "pointerdown", "focusin"] as const
  const listener = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest("a[href]")) return
    for (const name of events) document.removeEventListener(name, listener, true)
    task()
  }
  for (const name of events) document.addEventListener(name, listener, { capture: true, passive: true })
}

/**
 * Marks the document once hydration has committed (`data-hydrated`, which tests wait for). It wraps the tree
 * rather than sitting beside it: a sibling would change the tree's shape, and with it every `useId`, from the
 * server's (labels would point at ids the server never wrote).
 */
function HydratedMark({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true"
  }, [])
  return children
}

/** Load the screens of the current URL before hydrating, so the first client render equals the server's. */
async function resolveLazyMatches(routes: RouteObject[], basename: string) {
  const matches = matchRoutes(routes, window.location, basename || undefined) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return
      try {
        Object.assign(route, { ...(await route.lazy()), lazy: undefined })
      } catch (error) {
        if (reloadForChunkError(error)) await new Promise(() => {}) // the page is going away
        throw error
      }
    }),
  )
}

void start()
