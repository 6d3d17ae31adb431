import type { FastifyInstance } from "fastify"
import { customerApi } from "@manyhands/contract/captcha"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { captchaSamples } from "./samples"

/** GET /api/v2/captcha/samples (public, with the answers) and each sample's picture. */
export async function sampleRoutes(fastify: FastifyInstance) {
  const app = api(fastify)
  app.route({
    ...routeOf(customerApi.samples),
    handler: async (_request, reply) => {
      reply.header("cache-control", "public, max-age=3600")
      return { samples: captchaSamples().map((file) => file.sample) }
    },
  })

  app.route({
    ...routeOf(customerApi.sampleImage),
    handler: async (request, reply) => {
      const found = captchaSamples().find((file) => file.sample.id === request.params.id)
      if (!found?.png) throw new HttpError(404, "SAMPLE_NOT_FOUND", "No sample picture has this id.")
      // The id changes with the picture, so a picture under an id never changes.
      return reply
        .type("image/png")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(found.png)
    },
  })
}
