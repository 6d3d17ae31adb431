export * from "./stat"
