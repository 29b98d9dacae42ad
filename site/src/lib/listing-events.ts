/**
 * The clinic page's beacon (decision 277): one `view` per page load, one `deal-view` when the
 * page shows deals, and one event per tap on an element marked `data-event="call"` (website,
 * directions, booking), all through one delegated listener. Sent with navigator.sendBeacon to
 * the API's /events as JSON in a text/plain body: a cross-origin request with that type needs
 * no CORS preflight, which a beacon cannot make (application/json would). Nothing about the
 * visitor is sent. Plain code, no imports: it must stay within 1 KB gzip (listing-events.test.ts).
 */

/** navigator.sendBeacon's shape. */
export type SendBeacon = (url: string, body: Blob) => boolean;

const beacon: SendBeacon = (url, body) => navigator.sendBeacon(url, body);

/**
 * Starts counting on `root`, the element carrying `data-events-url` (the API's /events) and
 * `data-clinic-id`; every `data-event` element inside it is counted when tapped or clicked.
 */
export function startListingEvents(root: HTMLElement, send: SendBeacon = beacon): void {
  const url = root.dataset.eventsUrl;
  const clinicId = Number(root.dataset.clinicId);
  if (!url || !clinicId) return;
  const post = (type: string) => {
    try {
      send(url, new Blob([JSON.stringify({ clinicId, type })], { type: "text/plain" }));
    } catch {
      // No beacon (an old browser, a blocked request): the page works the same uncounted.
    }
  };
  post("view");
  // Deals whose last day has passed are hidden by their own script: look once every page
  // script has run.
  const deals = () => {
    if (root.querySelector("[data-deal]:not([hidden])")) post("deal-view");
  };
  if (document.readyState === "complete") deals();
  else document.addEventListener("DOMContentLoaded", deals, { once: true });
  // A middle click opens the link in a new tab: it counts as a click does.
  const tapped = (e: Event) => {
    const target = e.target instanceof Element ? e.target.closest<HTMLElement>("[data-event]") : null;
    if (target?.dataset.event && root.contains(target)) post(target.dataset.event);
  };
  root.addEventListener("click", tapped);
  root.addEventListener("auxclick", tapped);
}
