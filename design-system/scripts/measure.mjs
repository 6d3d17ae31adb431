// What the package costs an app, measured one way for scripts/size.mjs (the built dist/) and for the size budget
// test (test/size-budget.test.ts, from the sources): esbuild bundles what an app imports, minified, with React and
// react-dom left out (the app has them anyway) and the dependencies such as Radix kept in; then gzip at level 9.
// Every step is deterministic, so the same sources give the same bytes.
import { build } from "esbuild"
import { existsSync, readFileSync } from "node:fs"
import { dirname } from "node:path"
import { gzipSync } from "node:zlib"

// What a typical cabinet screen imports; bundlers drop the rest (the package has no JS side effects).
export const typicalScreen = [
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

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

const sizes = (bytes) => ({ minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length })

/**
 * The JS an app keeps when it imports `names` (every export when omitted) from `entry`, the package's
 * dist/index.js or its src/index.ts.
 */
export async function measureJs(entry, names) {
  const what = names ? `{ ${names.join(", ")} }` : "*"
  const result = await build({
    stdin: {
      contents: `export ${what} from ${JSON.stringify(entry)}`,
      resolveDir: dirname(entry),
      loader: "js",
    },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    // The sources are TypeScript with JSX; the same settings read the built JS unchanged.
    jsx: "automatic",
    loader: { ".ts": "ts", ".tsx": "tsx" },
    write: false,
    external: ["react", "react-dom", "react/jsx-runtime"],
    // Parts loaded on first use (the header's language list and menu panel) are chunks an app fetches later,
    // not what it loads up front: left out, as an app's bundler splits them off.
    plugins: [
      {
        name: "leave-dynamic-imports",
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) =>
            args.kind === "dynamic-import" ? { path: args.path, external: true } : undefined,
          )
        },
      },
    ],
    logLevel: "error",
  })
  return sizes(result.outputFiles[0].contents)
}

/** A built CSS file's size, or undefined when it is not there (scripts/build-css.mjs writes dist/styles.css). */
export function measureCss(file) {
  return existsSync(file) ? sizes(readFileSync(file)) : undefined
}
