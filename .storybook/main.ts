import tailwindcss from "@tailwindcss/vite"
import type { StorybookConfig } from "@storybook/react-vite"
import { defaultClientConditions, mergeConfig, type Plugin } from "vite"

/**
 * Stories have no server behind a task's picture (GET /api/v2/captcha/tasks/{id}/image): the dev server answers it
 * with a drawn captcha, so a thumbnail shows as in the app and a story never races a 404 that removes it.
 */
const taskPictures: Plugin = {
  name: "manyhands-story-task-pictures",
  configureServer(server) {
    server.middlewares.use((request, response, next) => {
      if (!/^\/api\/v2\/captcha\/tasks\/\d+\/image$/.test((request.url ?? "").split("?")[0] ?? ""))
        return next()
      response.setHeader("content-type", "image/svg+xml")
      response.setHeader("cache-control", "no-store")
      response.end(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 112 48"><rect width="112" height="48" fill="#eef2f7"/>' +
          '<path d="M4 34 C30 14 60 44 108 18" stroke="#94a3b8" fill="none"/>' +
          '<text x="56" y="32" font-family="monospace" font-size="20" text-anchor="middle" fill="#334155">w7mk4</text></svg>',
      )
    })
  },
}

const config: StorybookConfig = {
  stories: ["../stories/**/*.mdx", "../stories/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-docs", "@storybook/addon-vitest", "@storybook/addon-a11y"],
  framework: { name: "@storybook/react-vite", options: {} },
  core: { disableTelemetry: true },
  // Workspace packages are read from their TypeScript source ("source" export condition).
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      plugins: [tailwindcss(), taskPictures],
      resolve: { conditions: ["source", ...defaultClientConditions] },
    }),
}

export default config
