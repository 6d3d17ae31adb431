export * from "./icons"
