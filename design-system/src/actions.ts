// Components of this group are exported here (see CONTRIBUTING.md). Button itself is exported from index.ts.
export * from "./icon-button"
export * from "./link"
export * from "./button-group"
export * from "./copy-button"
