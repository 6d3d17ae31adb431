/*
 * TypeBox for the browser build, erased. The contract's schemas (@manyhands/contract) are what the server
 * validates and documents; the browser only takes their types, which TypeScript erases anyway, and the endpoints'
 * methods and paths. So the client bundle resolves `typebox` here (app/vite.config.ts) and skips the library
 * (about 18 KB gzip of every page). Each builder gives an empty schema; nothing in the browser reads one
 * (`app/test/typebox-erased.test.ts` loads every contract module through this and checks the endpoints' paths).
 * The server and its SSR bundle use the real TypeBox.
 */
type Builder = (...args: unknown[]) => Record<string, never>
const erased: Builder = () => ({})

const Type = {
  Array: erased,
  Boolean: erased,
  Integer: erased,
  Literal: erased,
  Null: erased,
  Number: erased,
  Object: erased,
  Optional: erased,
  Record: erased,
  String: erased,
  Union: erased,
  Unknown: erased,
  Unsafe: erased,
}

export default Type
