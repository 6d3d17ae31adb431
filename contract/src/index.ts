/*
 * @manyhands/contract: every JSON endpoint of the server as schemas, types and URL builders (docs/ARCHITECTURE.md).
 * A leaf package: it depends on TypeBox only, and server, app, pages, stories and tests depend on it.
 */
export * from "./schema"
export * from "./common"
export * from "./endpoint"
export * from "./route-data"
