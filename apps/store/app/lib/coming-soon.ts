/** The user meta that stops the coming-soon banner (spec §3, CONTRACTS.md), and the call that sets it. */
export const COMING_SOON_BANNER_DISMISSED = "coming_soon_banner_dismissed";
export const USERS_ME_PATH = "/api/vitrine/v2/users/me";
