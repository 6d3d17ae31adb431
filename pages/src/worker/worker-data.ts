/**
 * Client-side knowledge of the worker screens. The worker API's types and addresses are in
 * @manyhands/contract/worker (/api/v1/worker/*; in the browser the session authenticates, with the CSRF header
 * the app's API client adds).
 */

/** Types a person can solve in the browser cabinet (each opens after its training): see the contract. */
export { CABINET_TYPES, type CabinetType } from "@manyhands/contract/worker"
