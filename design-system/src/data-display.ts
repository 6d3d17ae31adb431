// Components of this group are exported here (see CONTRIBUTING.md).
export * from "./table"
export * from "./pagination"
export * from "./key-value"
export * from "./card"
export * from "./stat"
export * from "./empty-state"
export * from "./error-state"
