import { fileURLToPath } from "node:url"

// This file sits one level below the server package both as source (src/) and bundled (dist/).
export const serverRoot = fileURLToPath(new URL("..", import.meta.url))
export const repoRoot = fileURLToPath(new URL("../..", import.meta.url))
export const migrationsDir = fileURLToPath(new URL("../migrations/", import.meta.url))
