export * from "./table-parts"
export * from "./table"
export * from "./sort"
