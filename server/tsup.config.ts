import { defineConfig } from "tsup"

export default defineConfig({
  entry: { main: "src/main.ts", gateway: "src/gateway-main.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  clean: true,
  sourcemap: true,
  // Vite is only loaded by `pnpm dev` and is not a runtime dependency.
  external: ["vite"],
  // Plain code shared with the web app (languages, the three sites), compiled into the server bundle.
  noExternal: [
    "@manyhands/app/languages",
    "@manyhands/app/sites",
    "@manyhands/app/html",
    "@manyhands/app/visitor-memory",
    // The API contract: schemas and URL builders, TypeScript source compiled into the bundle.
    /^@manyhands\/contract/,
  ],
})
