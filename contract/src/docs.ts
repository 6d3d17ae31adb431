/*
 * The API's own description: one OpenAPI 3.1 document of every JSON endpoint, generated from the contract.
 */
import { defineEndpoints, routeDatum } from "./endpoint"
import { Type } from "./schema"

export const docsApi = defineEndpoints("docs", {
  openapi: {
    method: "GET",
    path: "/api/openapi.json",
    summary: "This document: OpenAPI 3.1 of every JSON endpoint, tagged by area",
    public: true,
    response: {
      200: Type.Object({}, { additionalProperties: true, description: "An OpenAPI 3.1 document." }),
    },
  },
})

/** /api-docs/reference: the document, rendered in the site's design. */
export const docsRouteData = {
  openapiDocument: routeDatum(docsApi.openapi),
}
