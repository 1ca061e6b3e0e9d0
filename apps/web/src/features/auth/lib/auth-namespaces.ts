/**
 * The sign-in, sign-up and account-recovery texts are a namespace of their own (`auth.json`, keys still under `auth.`),
 * loaded with the pages that show them: the home page, which every visitor loads first, does without them (its
 * JavaScript budget, docs/performance.md).
 */
export const AUTH_NAMESPACES = ['auth', 'common'] as const;
