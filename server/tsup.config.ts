import { defineConfig } from "tsup"

export default defineConfig({
  entry: ["src/main.ts"],
  format: ["esm"],
  platform: "node",
  target: "node20",
  clean: true,
  sourcemap: true,
  // Vite is only loaded by `pnpm dev` and is not a runtime dependency.
  external: ["vite"],
  // Plain data shared with the web app (the language list), compiled into the server bundle.
  noExternal: ["@manyhands/app/languages"],
})
