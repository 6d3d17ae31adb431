import { fileURLToPath } from "node:url"
import tailwindcss from "@tailwindcss/vite"
import react from "@vitejs/plugin-react"
import { defaultClientConditions, defaultServerConditions, defineConfig } from "vite"

// Workspace packages resolve to their TypeScript source through the "source" export condition.
export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ["source", ...defaultClientConditions] },
  ssr: {
    // The SSR bundle carries everything it imports, so the server needs no React of its own.
    // In development Vite's module runner cannot inline CommonJS (react-dom/server): Node loads those.
    noExternal: command === "build" ? true : undefined,
    resolve: { conditions: ["source", ...defaultServerConditions], externalConditions: ["source"] },
  },
  build: { outDir: "dist/client", manifest: true, sourcemap: true, modulePreload: false },
}))
