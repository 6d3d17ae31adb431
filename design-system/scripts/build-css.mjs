// Builds the CSS half of the package: dist/styles.css (precompiled, with the Inter font files beside it)
// and dist/tailwind.css (the theme for apps that run Tailwind 4 themselves; it scans dist/*.js for classes).
import { execFileSync } from "node:child_process"
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const dist = join(root, "dist")
const require = createRequire(import.meta.url)

const fontDir = dirname(require.resolve("@fontsource-variable/inter/package.json"))
mkdirSync(join(dist, "fonts"), { recursive: true })
cpSync(join(fontDir, "files"), join(dist, "fonts"), { recursive: true })
const fontCss = readFileSync(join(fontDir, "wght.css"), "utf8").replaceAll("./files/", "./fonts/")

const tailwindCli = join(dirname(require.resolve("@tailwindcss/cli/package.json")), "dist", "index.mjs")
execFileSync(
  process.execPath,
  [tailwindCli, "-i", join(root, "src/styles.css"), "-o", join(dist, "compiled.css"), "--minify"],
  {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  },
)
writeFileSync(join(dist, "styles.css"), fontCss + readFileSync(join(dist, "compiled.css"), "utf8"))
rmSync(join(dist, "compiled.css"))
copyFileSync(join(root, "src/theme.css"), join(dist, "tailwind.css"))
console.log("design-system: wrote dist/styles.css and dist/tailwind.css")
