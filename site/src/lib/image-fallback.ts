/**
 * Images that fail to load show a designed placeholder instead of the browser's broken-image
 * icon or an empty box: the `data-fallback` image of each matching element, else
 * `fallback`. Images that failed before this ran are swapped at once.
 */
export function bindImageFallbacks(root: ParentNode, selector: string, fallback: string): void {
  root.querySelectorAll<HTMLImageElement>(selector).forEach((img) => {
    const target = img.dataset.fallback ?? fallback;
    const swap = () => {
      if (img.getAttribute("src") === target) return;
      img.src = target;
      img.alt = "";
      img.dataset.fallbackShown = "";
    };
    if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) swap();
    img.addEventListener("error", swap);
  });
}
