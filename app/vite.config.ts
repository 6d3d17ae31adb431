import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import tailwindcss from "@tailwindcss/vite"
import react from "@vitejs/plugin-react"
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from "vite"
import { slimContract } from "./slim-contract"
import { PAGE_LANGUAGES_MODULE, pageLanguagesModule } from "./src/page-languages"
import { routeTable } from "./src/route-table"

// Workspace packages resolve to their TypeScript source through the "source" export condition.
// The browser build erases TypeBox: the contract's schemas serve the server only (src/typebox-erased.ts).
const erasedTypeBox = fileURLToPath(new URL("./src/typebox-erased.ts", import.meta.url))

/** What is worth compressing: text, not source maps (fetched by developers' tools only) or fonts (woff2 is). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|html)$/

/**
 * The client's assets also as .br (quality 11) and .gz (level 9) beside each file, once at build time: the server
 * sends those as they are (@fastify/static's preCompressed), instead of gzipping every asset request on the fly
 * at a lower level. Small files (under 1 KB, as the server's own threshold) stay as they are.
 */
function precompress(): Plugin {
  return {
    name: "manyhands-precompress",
    apply: (_config, { command, isSsrBuild }) => command === "build" && !isSsrBuild,
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!file.startsWith("assets/") || !COMPRESSIBLE.test(file)) continue
        const path = join(options.dir!, file)
        const bytes = readFileSync(path)
        if (bytes.length < 1024) continue
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }))
      }
    },
  }
}

/**
 * The languages of every page path as a module of its own (src/page-languages.ts): the browser's entry needs them
 * for its links from the first render, and the route table they come from is loaded later (src/route-discovery.ts).
 * Vite restarts its development server when a route file changes (a dependency of this configuration).
 */
function pageLanguagesPlugin(): Plugin {
  const resolved = `\0${PAGE_LANGUAGES_MODULE}`
  return {
    name: "manyhands-page-languages",
    resolveId: (source) => (source === PAGE_LANGUAGES_MODULE ? resolved : undefined),
    load: (id) => (id === resolved ? pageLanguagesModule(routeTable) : undefined),
  }
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react(), tailwindcss(), precompress(), pageLanguagesPlugin(), slimContract()],
  resolve: {
    conditions: ["source", ...defaultClientConditions],
    alias: command === "build" && !isSsrBuild ? [{ find: /^typebox$/, replacement: erasedTypeBox }] : [],
  },
  ssr: {
    // The SSR bundle carries everything it imports, so the server needs no React of its own.
    // In development Vite's module runner cannot inline CommonJS (react-dom/server): Node loads those.
    noExternal: command === "build" ? true : undefined,
    resolve: { conditions: ["source", ...defaultServerConditions], externalConditions: ["source"] },
  },
  // The server bundle carries React's production build whatever NODE_ENV the server runs with: React chooses its
  // build from process.env.NODE_ENV when a module loads, and a server started without it (npm start) or with
  // NODE_ENV=test rendered every page with React's development checks, which took about half of a page's time.
  define:
    command === "build" && isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : undefined,
  build: { outDir: "dist/client", manifest: true, sourcemap: true, modulePreload: false },
}))
