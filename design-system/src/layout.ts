// Components of this group are exported here (see CONTRIBUTING.md).
export * from "./container"
export * from "./stack"
export * from "./grid"
