/**
 * ky, by name, for ./transport.ts to import on the first request: a default export does not
 * survive the CommonJS build's dynamic `import()` (`ky.default.create is not a function`).
 */
export { default as ky, isHTTPError, isTimeoutError } from 'ky';
