import { readdirSync } from "node:fs"
import { defineConfig } from "tsup"

// The main entry carries English texts only; each language's texts are an entry of their own
// (`@manyhands/design-system/messages/de`), and `…/messages` has all 15 for apps that switch languages in the browser.
const languages = readdirSync("src/provider/messages")
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.slice(0, -3))

export default defineConfig({
  entry: {
    index: "src/index.ts",
    // The code blocks' tokenizer: loaded on first use (loadCodeHighlighter), or imported by an app that wants it.
    highlight: "src/code-block/highlight.ts",
    ...Object.fromEntries(languages.map((name) => [`messages/${name}`, `src/provider/messages/${name}.ts`])),
  },
  format: ["esm"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  external: ["react", "react-dom", "react/jsx-runtime"],
  // Radix parts use hooks; keep the directive so React Server Components apps treat the package as client code.
  banner: { js: '"use client";' },
})
