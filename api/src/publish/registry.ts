import type { Deps } from "../context.ts";
import type { Publisher } from "./publisher.ts";

// The publisher of an app's deps, without widening Deps for one module.
const publishers = new WeakMap<Deps, Publisher>();

/** Connects a publisher to the app's deps: content writes mark the site dirty, routes find it. */
export function attachPublisher(deps: Deps, publisher: Publisher): void {
  publishers.set(deps, publisher);
  const previous = deps.onContentChange;
  deps.onContentChange = (change) => {
    previous?.(change);
    publisher.markDirty("content");
  };
}

export function publisherOf(deps: Deps): Publisher | undefined {
  return publishers.get(deps);
}
