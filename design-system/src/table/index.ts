export * from "./table"
export * from "./sort"
