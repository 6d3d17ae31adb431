import { existsSync, readFileSync } from "node:fs"
import type { Server } from "node:http"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { pathToFileURL } from "node:url"
import type {
  RenderRequest,
  RenderResult,
  SitemapRequest,
  SsrEntry,
  VariantRequest,
} from "@manyhands/app/render-contract"

/** Renders pages with the app's SSR entry: the built bundle in production, Vite in development. */
export interface PageRenderer {
  render(request: RenderRequest): Promise<RenderResult>
  sitemap(request: SitemapRequest): Promise<string>
  /** What an anonymous page depends on besides host and address; absent where pages are never kept (development). */
  variant?(request: VariantRequest): string
  /** The HTML shell (app/index.html) with the client's script and style tags. */
  template(url: string): Promise<string>
  /** Built client files to serve (production only). */
  clientDir?: string
  /** Vite's dev middlewares: modules, HMR (development only). */
  middlewares?: (req: unknown, res: unknown, next: (error?: unknown) => void) => void
  close(): Promise<void>
}

const require = createRequire(import.meta.url)
export const appDir = dirname(require.resolve("@manyhands/app/package.json"))

export async function createBuiltRenderer(): Promise<PageRenderer> {
  const clientDir = join(appDir, "dist/client")
  const entryPath = join(appDir, "dist/server/entry-server.js")
  if (!existsSync(entryPath) || !existsSync(join(clientDir, "index.html"))) {
    throw new Error(`The web app is not built (${entryPath} is missing); run "pnpm build" first.`)
  }
  const entry = (await import(pathToFileURL(entryPath).href)) as SsrEntry
  const template = readFileSync(join(clientDir, "index.html"), "utf8")
  return {
    render: (request) => entry.render(request),
    sitemap: async (request) => entry.sitemap(request),
    variant: (request) => entry.variant(request),
    template: async () => template,
    clientDir,
    close: async () => {},
  }
}

export async function createViteRenderer(httpServer: Server): Promise<PageRenderer> {
  const { createServer } = await import("vite")
  const vite = await createServer({
    configFile: join(appDir, "vite.config.ts"),
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: "custom",
  })
  return {
    // Loaded per request so edits show up on the next reload.
    render: async (request) =>
      ((await vite.ssrLoadModule("/src/entry-server.tsx")) as SsrEntry).render(request),
    sitemap: async (request) =>
      ((await vite.ssrLoadModule("/src/entry-server.tsx")) as SsrEntry).sitemap(request),
    template: (url) => vite.transformIndexHtml(url, readFileSync(join(appDir, "index.html"), "utf8")),
    middlewares: vite.middlewares as PageRenderer["middlewares"],
    close: () => vite.close(),
  }
}

/** Puts a rendered page into the shell. Replacement functions, because page text may contain "$&". */
export function composePage(template: string, page: Extract<RenderResult, { kind: "page" }>): string {
  return template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${page.language}"`)
    .replace("<!--app-head-->", () => page.head)
    .replace("<!--app-html-->", () => page.html)
    .replace("<!--app-state-->", () => page.stateScript)
}
