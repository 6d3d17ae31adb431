// Components of this group are exported here (see CONTRIBUTING.md). Modal itself is exported from index.ts.
export * from "./drawer"
export * from "./popover"
export * from "./tooltip"
export * from "./dropdown-menu"
export * from "./toast"
