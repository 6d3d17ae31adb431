import { V2_ERRORS } from "./parse-v2"

/*
 * What each error code of the customer API means, in English, after the API reference (captcha-api §1.6 for
 * in.php / res.php, §2.5 for API v2) as this service applies it. The customer's "receiving errors" list shows
 * them; the screens translate the codes they know.
 */

export const CLASSIC_ERROR_DESCRIPTIONS: Record<string, string> = {
  ERROR_WRONG_USER_KEY: "The key is malformed: an API key is 32 hexadecimal characters.",
  ERROR_KEY_DOES_NOT_EXIST: "No account has this API key.",
  ERROR_ZERO_BALANCE: "Your balance is too low for this task. Top up, then retry in about 60 seconds.",
  ERROR_PAGEURL: "pageurl is missing or is not a valid address for a token captcha.",
  ERROR_NO_SLOT_AVAILABLE:
    "The task's price is above your maximum bid, or too many of your tasks are waiting for a worker. Retry in 5 seconds.",
  ERROR_ZERO_CAPTCHA_FILESIZE: "The image is missing or smaller than 100 bytes.",
  ERROR_TOO_BIG_CAPTCHA_FILESIZE: "The image is over the size limit of its type or over 1000 px on a side.",
  ERROR_WRONG_FILE_EXTENSION: "The file extension is not jpg, jpeg, gif or png.",
  ERROR_IMAGE_TYPE_NOT_SUPPORTED:
    "The file format is not recognised: send a JPEG, PNG or GIF image (MP3 for audio).",
  ERROR_UPLOAD: "The request could not be read: malformed multipart data, JSON or base64.",
  ERROR_ACCOUNT_SUSPENDED:
    "The account is suspended by an administrator: its key is refused until the suspension is lifted or expires.",
  ERROR_IP_NOT_ALLOWED:
    "The key is restricted to a list of IP addresses and the request came from another one.",
  IP_BANNED:
    "Too many requests with a non-existent key came from this IP address; it is blocked for a while.",
  ERROR_BAD_TOKEN_OR_PAGEURL: "The googlekey and pageurl pair is invalid.",
  ERROR_GOOGLEKEY: "The sitekey (googlekey) is blank or malformed.",
  ERROR_WRONG_GOOGLEKEY: "The googlekey parameter is missing.",
  ERROR_SITEKEY: "The sitekey is invalid.",
  ERROR_CAPTCHAIMAGE_BLOCKED: "The image is known to be unrecognisable (not a captcha).",
  TOO_MANY_BAD_IMAGES: "Too many unrecognisable images were sent.",
  MAX_USER_TURN: "More than 60 submissions within 3 seconds: submissions are blocked for 10 seconds.",
  ERROR_BAD_PARAMETERS: "A required parameter is missing or malformed.",
  ERROR_BAD_PROXY: "The proxy is malformed or cannot be used.",
  ERROR_PROXY_FORMAT: "The proxy could not be parsed.",
  ERROR_DOMAIN_NOT_ALLOWED:
    "Captchas from this page's domain are not accepted; the error text may say why (the service's domain rules).",
  ERROR_PROXY_REQUIRED:
    "Tasks from this page's domain must be sent with a proxy (proxyType, proxyAddress, proxyPort; in.php proxy and proxytype).",
  ERROR_METHOD_CALL: "The method (task type) is unknown or not accepted at the moment.",
  CAPCHA_NOT_READY: "The task is not solved yet; poll again in 5 seconds.",
  ERROR_CAPTCHA_UNSOLVABLE: "The workers could not solve this captcha in time. You were not charged.",
  ERROR_WRONG_ID_FORMAT: "The task id is not a number.",
  ERROR_WRONG_CAPTCHA_ID: "No task with this id: it is unknown, not yours or expired.",
  ERROR_BAD_DUPLICATES: "100% recognition could not collect enough matching answers. You were not charged.",
  ERROR_REPORT_NOT_RECORDED:
    "The report was refused: more than 15 minutes since submission, too many of your recent tasks reported, or the task was not solved.",
  ERROR_DUPLICATE_REPORT: "This task was already reported.",
  ERROR_TOKEN_EXPIRED: "The GeeTest challenge expired before it was solved.",
  ERROR_EMPTY_ACTION: "The action parameter is missing.",
  ERROR_PROXY_CONNECTION_FAILED: "The proxy you gave could not be used.",
  "ERROR: 1001":
    "Too many ERROR_NO_SLOT_AVAILABLE answers for bids below the price: submissions are suspended for 10 minutes.",
  "ERROR: 1002": "Too many ERROR_ZERO_BALANCE answers: submissions are suspended for 5 minutes.",
  "ERROR: 1003":
    "Too many ERROR_NO_SLOT_AVAILABLE answers for a long queue: submissions are suspended for 30 seconds.",
  "ERROR: 1004":
    "Too many requests with a non-existent key from this IP address: it is blocked for 10 minutes.",
  "ERROR: 1005":
    "Too many result requests compared with the tasks submitted: polling is suspended for 5 minutes.",
}

/** The English description of an API error code; a general sentence for a code the reference does not list. */
export function errorDescription(code: string): string {
  return (
    CLASSIC_ERROR_DESCRIPTIONS[code] ??
    (V2_ERRORS as Record<string, { description: string } | undefined>)[code]?.description ??
    "The API refused the request with this code."
  )
}
