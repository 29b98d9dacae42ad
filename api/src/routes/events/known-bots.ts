/**
 * User agents whose page loads and taps are not counted (decision 277): crawlers, link
 * previewers, page audits, headless browsers and HTTP libraries, which load pages with no
 * visitor behind them. Short on purpose: the words the common ones put in their User-Agent.
 * A script posing as a browser is met by the cap per address instead.
 */
const KNOWN_BOTS = new RegExp(
  [
    "(?<!cu)bot", // Googlebot, bingbot, Applebot, DuckDuckBot, GPTBot, Slackbot... (not Cubot, a phone maker)
    "crawl", // ...crawler, ...Crawl
    "spider", // Baiduspider, Bytespider, Sogou web spider
    "slurp", // Yahoo! Slurp
    "headless", // HeadlessChrome, and automation that says so
    "lighthouse", // page audits (Chrome-Lighthouse, PageSpeed Insights)
    "facebookexternalhit", // Facebook's and WhatsApp's link previews
    "curl|wget|python|go-http-client|okhttp|java/|node-fetch|axios|libwww", // scripts and HTTP libraries
  ].join("|"),
  "i",
);

/** True for a known bot, and for a request without a User-Agent (every browser sends one). */
export function isKnownBot(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || KNOWN_BOTS.test(userAgent);
}
