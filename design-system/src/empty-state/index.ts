export * from "./empty-state"
