export * from "./error-state"
