// Builds the CSS half of the package: dist/styles.css (precompiled, with the Inter font files beside it)
// and dist/tailwind.css (the theme for apps that run Tailwind 4 themselves; it scans dist/*.js for classes).
import { execFileSync } from "node:child_process"
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const dist = join(root, "dist")
const require = createRequire(import.meta.url)

const fontDir = dirname(require.resolve("@fontsource-variable/inter/package.json"))
const fontCss = readFileSync(join(fontDir, "wght.css"), "utf8").replaceAll("./files/", "./fonts/")
// Only the font files the CSS names (the upright variable font per script); the package ships no other.
rmSync(join(dist, "fonts"), { recursive: true, force: true })
mkdirSync(join(dist, "fonts"), { recursive: true })
const fontFiles = [
  ...new Set([...fontCss.matchAll(/url\(["']?\.\/fonts\/([^"')]+)["']?\)/g)].map((m) => m[1])),
]
if (fontFiles.length === 0) throw new Error("design-system: the font CSS names no font files")
for (const file of fontFiles) copyFileSync(join(fontDir, "files", file), join(dist, "fonts", file))

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
