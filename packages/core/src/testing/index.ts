/**
 * `@salondesk/core/testing`: helpers for testing code that uses the SDK, at the HTTP boundary.
 * `fakeApi(routes)` gives a `fetch` to pass to `createClient`; `ok` and `fail` build envelopes.
 */
export { adminSession, businessDetail, customReportExample, fail, fakeApi, ok, ownerSession, pivotReportExample, type Reply, type Routes } from './fakeApi';
