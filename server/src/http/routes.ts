/*
 * Routes from the contract: `api(app).route({ ...routeOf(payoutsApi.cancel), handler })` registers an endpoint
 * of @manyhands/contract with its schemas, so Fastify validates the request, serialises the answer, types the
 * handler (TypeBox type provider) and documents it in /api/openapi.json — all from the one declaration.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox"
import type { Endpoint, EndpointSpec } from "@manyhands/contract"
import type { FastifyInstance } from "fastify"

/** The app with the contract's types on its routes. */
export const api = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>()

/** Method, address and schema of a contract endpoint, for `app.route`. */
export function routeOf<S extends EndpointSpec>(endpoint: Endpoint<S>) {
  return { method: endpoint.method, url: endpoint.path, schema: endpoint.schema }
}
