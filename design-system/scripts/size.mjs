// Prints what the package costs an app: the JS a bundler keeps when it imports everything (React and
// react-dom excluded, dependencies such as Radix included), and the precompiled CSS; both minified and gzipped.
// Run after `pnpm build`. It prints figures; test/size-budget.test.ts measures the same way from the sources and
// holds each figure to its budget.
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { kb, measureCss, measureJs, typicalScreen } from "./measure.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const entry = join(root, "dist/index.js")

const js = await measureJs(entry)
const button = await measureJs(entry, ["Button"])
const page = await measureJs(entry, typicalScreen)
const css = measureCss(join(root, "dist/styles.css"))
if (!css) throw new Error('size: dist/styles.css is missing; run "pnpm build" first.')

const line = (label, sizes, aim) =>
  console.log(`${label.padEnd(52)} ${kb(sizes.minified)} minified, ${kb(sizes.gzip)} gzip (aim ≤ ${aim} KB)`)
line("JS  (all components + dependencies, without React):", js, 70)
line("JS  (Button alone):", button, 6)
line(`JS  (a typical screen, ${typicalScreen.length} imports):`, page, 40)
line("CSS (dist/styles.css, fonts are separate files):", css, 30)
