/**
 * ky, by name, for ./transport.ts to import on the first request: ky builds a `Request` when it
 * loads, which makes Node load its fetch (tens of ms of start-up, bench/startup.ts). Named exports:
 * a default export does not survive the CommonJS build's dynamic `import()`
 * (`ky.default.create is not a function`).
 */
export { default as ky, isHTTPError, isTimeoutError } from 'ky';
