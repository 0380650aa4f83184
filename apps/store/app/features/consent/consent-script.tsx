/**
 * The WP Consent API (spec §4 "Analytics consent", decision 0040) as an inline script in the page,
 * so that any script of the page, ours or a tag manager's, can ask it from its first line:
 * `wp_has_consent(category)`, `wp_set_consent(category, "allow" | "deny")`, the
 * `wp_listen_for_consent_change` event (its `detail` maps the category to its value) and, when the
 * store asks for consent, `wp_consent_type = "optin"` with the `wp_consent_type_defined` event.
 *
 * Choices are `wp_consent_{category}` cookies, as the API keeps them. Without a consent banner every
 * category is allowed, as the API answers without a consent tool. A browser sending Global Privacy
 * Control is denied statistics and marketing until the shopper chooses otherwise.
 */
export const CONSENT_COOKIE_DAYS = 180;

/**
 * The footer's "Privacy choices" button carries this attribute. A click on it, however early (before
 * the page's scripts, or the banner's code, have arrived), is kept as the page's opener and said with
 * `CONSENT_OPEN_EVENT`; the consent host opens the banner for it when it arrives, or at once.
 */
export const CONSENT_OPENER = "data-consent-open";
export const CONSENT_OPEN_EVENT = "vitrine:consent-open";

/** The script's text (the server's alone: `ServerScript`), for a store with or without the banner. */
export const consentApiScript = (banner: boolean) =>
  `(function(w,d,banner){` +
  `var gpc=navigator.globalPrivacyControl===true;` +
  `function get(c){var m=d.cookie.match(new RegExp("(?:^|; )wp_consent_"+c+"=(allow|deny)(?:;|$)"));return m?m[1]:""}` +
  `if(banner)w.wp_consent_type="optin";` +
  `w.wp_has_consent=function(c){var v=get(c);if(v)return v==="allow";` +
  `if(gpc&&/^(statistics|statistics-anonymous|marketing)$/.test(c))return false;` +
  `var t=w.wp_consent_type;return !t||t.indexOf("optout")!==-1};` +
  `w.wp_set_consent=function(c,v){if(v!=="allow"&&v!=="deny")return;` +
  `d.cookie="wp_consent_"+c+"="+v+";path=/;max-age=${CONSENT_COOKIE_DAYS * 86400};samesite=lax"+(location.protocol==="https:"?";secure":"");` +
  `var o={};o[c]=v;d.dispatchEvent(new CustomEvent("wp_listen_for_consent_change",{detail:o}))};` +
  `if(banner){var f=function(){d.dispatchEvent(new Event("wp_consent_type_defined"))};` +
  `d.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("[${CONSENT_OPENER}]");` +
  `if(b){w.vitrine_consent_opener=b;d.dispatchEvent(new Event("${CONSENT_OPEN_EVENT}"))}});` +
  `d.readyState==="loading"?d.addEventListener("DOMContentLoaded",f):f()}` +
  `})(window,document,${banner ? "true" : "false"})`;
