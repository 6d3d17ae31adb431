// Components of this group are exported here (see CONTRIBUTING.md).
export * from "./header"
export * from "./footer"
export * from "./sidebar"
export * from "./tabs"
export * from "./breadcrumbs"
export * from "./steps"
