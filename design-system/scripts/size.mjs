// Prints what the package costs an app: the JS a bundler keeps when it imports everything (React and
// react-dom excluded, dependencies such as Radix included), and the precompiled CSS; both minified and gzipped.
// Run after `pnpm build`. It prints figures; it does not judge them.
import { build } from "esbuild"
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

const bundle = (contents) =>
  build({
    stdin: { contents, resolveDir: join(root, "dist"), loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    external: ["react", "react-dom", "react/jsx-runtime"],
    logLevel: "error",
  }).then((result) => result.outputFiles[0].contents)

// What a typical cabinet screen imports; bundlers drop the rest (the package has no JS side effects).
const typicalPage = [
  "DesignSystemProvider",
  "Button",
  "Modal",
  "Field",
  "TextInput",
  "Select",
  "Table",
  "Pagination",
  "Badge",
  "ToastProvider",
  "useToast",
]

const js = await bundle(`export * from "./index.js"`)
const page = await bundle(`export { ${typicalPage.join(", ")} } from "./index.js"`)
const css = readFileSync(join(root, "dist/styles.css"))

console.log(
  `JS  (all components + dependencies, without React): ${kb(js.length)} minified, ${kb(gzipSync(js).length)} gzip (aim ≤ 70 KB)`,
)
console.log(
  `JS  (a typical screen, ${typicalPage.length} imports):               ${kb(page.length)} minified, ${kb(gzipSync(page).length)} gzip`,
)
console.log(
  `CSS (dist/styles.css, fonts are separate files):     ${kb(css.length)} minified, ${kb(gzipSync(css).length)} gzip (aim ≤ 30 KB)`,
)
