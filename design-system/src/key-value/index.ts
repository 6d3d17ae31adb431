export * from "./key-value"
