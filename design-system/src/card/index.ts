export * from "./card"
