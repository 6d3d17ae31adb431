/*
 * The captcha protocol customers' client libraries speak (server/CAPTCHA-API.md): the classic form-or-query
 * `in.php`/`res.php` and the JSON API v2 (`/createTask`, `/getTaskResult`, …), described for the OpenAPI document.
 */
export {}
