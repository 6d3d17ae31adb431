// Status and feedback parts: badges, tags, status dots, avatars, progress, skeletons, ratings, timelines.
export * from "./badge"
export * from "./tag"
export * from "./status-dot"
export * from "./avatar"
export * from "./progress"
export * from "./skeleton"
export * from "./rating"
export * from "./timeline"
