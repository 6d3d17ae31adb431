/**
 * Client-side knowledge of the worker screens. The worker API's types and addresses are in
 * @manyhands/contract/worker (/api/v1/worker/*; in the browser the session authenticates, with the CSRF header
 * the app's API client adds).
 */

/**
 * Types a person can solve in the browser cabinet, each with its solving panel. Token types (reCAPTCHA …) need
 * worker software (/workers-software).
 */
export const CABINET_TYPES = [
  "ImageToTextTask",
  "TextCaptchaTask",
  "GridTask",
  "CoordinatesTask",
  "RotateTask",
  "BoundingBoxTask",
  "DrawAroundTask",
  "AudioTask",
] as const
export type CabinetType = (typeof CABINET_TYPES)[number]
