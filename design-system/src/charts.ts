// Components of this group are exported here (see CONTRIBUTING.md).
export * from "./chart"
