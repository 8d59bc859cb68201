/** The SDK chunk: fetched as soon as a sign-in screen shows, awaited on submit. */
export const loadSdk = () => import('../../../app/sdk');
