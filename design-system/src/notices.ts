// Components of this group are exported here (see CONTRIBUTING.md).
export * from "./banner"
export * from "./alert"
export * from "./language-notice"
export * from "./international-notice"
