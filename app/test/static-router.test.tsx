import { renderToString } from "react-dom/server"
import {
  createStaticHandler,
  createStaticRouter,
  Link,
  Outlet,
  StaticRouterProvider,
  useLoaderData,
  useMatches,
  type StaticHandlerContext,
} from "react-router"
import { describe, expect, it } from "vitest"
import { staticRouterFor } from "../src/static-router"

function Layout() {
  const matches = useMatches()
  return (
    <main data-matches={matches.map((match) => match.id).join(" ")}>
      <Link to="../pricing">Pricing</Link>
      <Outlet />
    </main>
  )
}
function Article() {
  const { title } = useLoaderData() as { title: string }
  return <h1>{title}</h1>
}

const routes = [
  {
    id: "root",
    path: "/",
    Component: Layout,
    ErrorBoundary: () => <p>Not found</p>,
    children: [
      { id: "home", index: true, Component: () => <p>Home</p> },
      { id: "pricing", path: "pricing", Component: () => <p>Prices</p> },
      {
        id: "blog",
        path: "blog",
        children: [
          {
            id: "article",
            path: ":slug",
            loader: ({ params }: { params: { slug?: string } }) => ({ title: `Article ${params.slug}` }),
            Component: Article,
          },
        ],
      },
    ],
  },
]

describe("staticRouterFor", () => {
  it("renders every page as createStaticRouter does, on the handler's own routes", async () => {
    const handler = createStaticHandler(routes)
    for (const path of ["/", "/pricing", "/blog/solving-captchas", "/nowhere"]) {
      const context = (await handler.query(new Request(`http://x${path}`))) as StaticHandlerContext
      const page = (router: ReturnType<typeof createStaticRouter>) =>
        renderToString(<StaticRouterProvider router={router} context={context} />)
      const ours = staticRouterFor(handler, context)
      expect(page(ours)).toBe(page(createStaticRouter(handler.dataRoutes, context)))
      expect(ours.routes).toBe(handler.dataRoutes)
      expect(ours.state.location.pathname).toBe(path)
    }
    const context = (await handler.query(
      new Request("http://x/blog/solving-captchas"),
    )) as StaticHandlerContext
    const html = renderToString(
      <StaticRouterProvider router={staticRouterFor(handler, context)} context={context} />,
    )
    expect(html).toContain('data-matches="root blog article"')
    expect(html).toContain("<h1>Article solving-captchas</h1>")
  })
})
