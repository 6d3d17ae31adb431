export * from "./pagination"
export * from "./page-list"
