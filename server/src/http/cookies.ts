import { parse, serialize, type SerializeOptions } from "cookie"
import type { FastifyReply, FastifyRequest } from "fastify"

export function requestCookies(request: FastifyRequest): Record<string, string> {
  const header = request.headers.cookie
  if (!header) return {}
  const parsed = parse(header)
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
}

/**
 * The name a cookie of ours has on the wire: on an https site "__Host-" + name, which browsers accept only
 * when Secure, for path / and without Domain, so no subdomain or http page can plant or overwrite it
 * (ASVS 3.3.1). Plain http (development) cannot use the prefix.
 */
export const cookieName = (name: string, secure: boolean | undefined) => (secure ? `__Host-${name}` : name)

/**
 * Adds one Set-Cookie header (a reply may set several). Path / and SameSite Lax unless told otherwise;
 * a Secure cookie gets the __Host- prefix (see cookieName).
 */
export function setCookie(reply: FastifyReply, name: string, value: string, options: SerializeOptions = {}) {
  const cookie = serialize(cookieName(name, options.secure), value, {
    path: "/",
    sameSite: "lax",
    ...options,
  })
  const previous = reply.getHeader("set-cookie")
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)]
  reply.header("set-cookie", [...list, cookie])
}

export function clearCookie(reply: FastifyReply, name: string, options: SerializeOptions = {}) {
  setCookie(reply, name, "", { ...options, maxAge: 0, expires: new Date(0) })
}
