import MagicString, { type SourceMap } from "magic-string"
import { parseAst, type Plugin } from "vite"

/*
 * The browser's copy of the API contract (@manyhands/contract), slimmed at build time. The browser takes two things
 * from an endpoint: its method and its path (`url()`); TypeBox is already erased there (src/typebox-erased.ts).
 * Yet each endpoint's summary, description, error codes and schemas went into the bundle with it — the accounts
 * area alone was 16 KB of the entry's minified code, most of it documentation the browser never shows. So in
 * the client build, after TypeScript is stripped:
 *
 * - each endpoint of a `defineEndpoints(area, { key: {…} })` call keeps only `method` and `path`;
 * - a module's top-level constants made by a call (the schema builders, `defineEndpoints`) are marked pure, with
 *   the `Type` builders' calls in their arguments, so the bundler drops those nothing uses any more.
 *
 * The server and its SSR bundle keep the whole contract: they validate and document with it.
 */

/** What the browser reads of an endpoint's declaration. */
const KEPT = new Set(["method", "path"])

/** Calls that build a value from their arguments alone: schema builders and endpoint declarations. */
function isBuilderCall(node: Node): boolean {
  if (node.type !== "CallExpression") return false
  const callee = node.callee as Node
  if (callee.type === "Identifier") return true
  return (
    callee.type === "MemberExpression" &&
    (callee.object as Node).type === "Identifier" &&
    (callee.object as { name: string }).name === "Type"
  )
}

interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

function keyName(property: Node): string | undefined {
  const key = property.key as Node | undefined
  if (!key || property.computed) return undefined
  if (key.type === "Identifier") return key.name as string
  if (key.type === "Literal") return String(key.value)
  return undefined
}

/**
 * Marks a top-level constant's call pure, and within its arguments every call of an (erased) `Type` builder.
 * Calls of the contract's own helpers inside (`StrictObject`, `Nullable`, …) are left as they are: marked too, they
 * made the bundler stop merging the modules the entry shares with the screens into the entry (25 chunks instead
 * of 15, 2.2 KB more gzip in all), and they are a few KB.
 */
function markPure(node: Node, out: MagicString, topLevel = true) {
  const callee = node.callee as Node | undefined
  if (isBuilderCall(node) && (topLevel || callee?.type === "MemberExpression"))
    out.prependLeft(node.start, "/* @__PURE__ */ ")
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (typeof child === "object" && child !== null && typeof (child as Node).type === "string")
        markPure(child as Node, out, false)
    }
  }
}

/** The endpoints' declarations of a `defineEndpoints` call, each down to its method and path. */
function slimEndpoints(specs: Node | undefined, out: MagicString, code: string) {
  if (specs?.type !== "ObjectExpression") return
  for (const endpoint of specs.properties as Node[]) {
    const spec = endpoint.value as Node | undefined
    if (endpoint.type !== "Property" || spec?.type !== "ObjectExpression") continue
    const properties = spec.properties as Node[]
    // A spread or a computed key might bring a method or path: leave such a declaration whole.
    if (properties.some((property) => property.type !== "Property" || keyName(property) === undefined))
      continue
    const kept = properties.filter((property) => KEPT.has(keyName(property)!))
    out.overwrite(spec.start, spec.end, `{${kept.map(({ start, end }) => code.slice(start, end)).join(",")}}`)
  }
}

/** A contract module's JavaScript, slimmed for the browser; null when it declares nothing to slim. */
export function slimContractModule(code: string, id: string): { code: string; map: SourceMap } | null {
  if (!/\b(defineEndpoints|Type)\b/.test(code)) return null
  const program = parseAst(code) as unknown as { body: Node[] }
  const out = new MagicString(code)
  for (const statement of program.body) {
    const declaration =
      statement.type === "ExportNamedDeclaration" ? (statement.declaration as Node | null) : statement
    if (declaration?.type !== "VariableDeclaration") continue
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null
      if (!init || !isBuilderCall(init)) continue
      markPure(init, out)
      const callee = init.callee as Node
      if (callee.type === "Identifier" && callee.name === "defineEndpoints")
        slimEndpoints((init.arguments as Node[])[1], out, code)
    }
  }
  if (!out.hasChanged()) return null
  return { code: out.toString(), map: out.generateMap({ hires: "boundary", source: id }) }
}

/** The Vite plugin: contract modules of the client build only. */
export function slimContract(): Plugin {
  return {
    name: "manyhands-slim-contract",
    enforce: "post",
    apply: (_config, { command, isSsrBuild }) => command === "build" && !isSsrBuild,
    transform(code, id) {
      if (!/[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/.test(id)) return null
      return slimContractModule(code, id)
    },
  }
}
