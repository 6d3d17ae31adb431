import type { CurrentUser } from "@manyhands/app/render-contract"
import type { FastifyRequest } from "fastify"
import { HttpError } from "../../http/errors"
import { requireUser } from "../session/sessions"

/** The signed-in customer or developer (401 NOT_SIGNED_IN, 403 CUSTOMER_ACCOUNT_REQUIRED otherwise). */
export function requireCustomer(request: FastifyRequest): CurrentUser {
  const user = requireUser(request)
  const type = user.profile.userType
  if (type !== "customer" && type !== "developer")
    throw new HttpError(
      403,
      "CUSTOMER_ACCOUNT_REQUIRED",
      "Captcha settings belong to customer and developer accounts; choose the account type in your profile.",
    )
  return user
}
