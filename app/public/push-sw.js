/*
 * The service worker of browser push notifications (/kb/send-push-notification; server/src/modules/push). Served
 * at /push-sw.js, so its scope is the whole site. It does two things: shows each push the server sends — JSON
 * { title, body, url, tag }, decrypted by the browser — and, on a click, focuses a tab already showing its page or
 * opens one. It caches nothing and handles no fetches: the site works the same with or without it.
 */
self.addEventListener("install", () => self.skipWaiting())
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()))

self.addEventListener("push", (event) => {
  let message
  try {
    message = event.data ? event.data.json() : {}
  } catch {
    message = { body: event.data ? event.data.text() : "" }
  }
  const title = typeof message.title === "string" && message.title ? message.title : "Manyhands"
  const url = typeof message.url === "string" && message.url.startsWith("/") ? message.url : "/"
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      icon: "/favicon.svg",
      badge: "/favicon.svg",
      lang: typeof message.lang === "string" ? message.lang : undefined,
      tag: typeof message.tag === "string" ? message.tag : undefined,
      data: { url },
    }),
  )
})

self.addEventListener("notificationclick", (event) => {
  event.notification.close()
  const target = new URL(event.notification.data?.url ?? "/", self.location.origin)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true })
      const open = windows.find((client) => new URL(client.url).pathname === target.pathname)
      if (open) return open.focus()
      return self.clients.openWindow(target.href)
    })(),
  )
})
