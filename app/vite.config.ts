import { fileURLToPath } from "node:url"
import tailwindcss from "@tailwindcss/vite"
import react from "@vitejs/plugin-react"
import { defaultClientConditions, defaultServerConditions, defineConfig } from "vite"

// Workspace packages resolve to their TypeScript source through the "source" export condition.
// The browser build erases TypeBox: the contract's schemas serve the server only (src/typebox-erased.ts).
const erasedTypeBox = fileURLToPath(new URL("./src/typebox-erased.ts", import.meta.url))

export default defineConfig(({ command, isSsrBuild }) => ({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react(), tailwindcss()],
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
  build: { outDir: "dist/client", manifest: true, sourcemap: true, modulePreload: false },
}))
