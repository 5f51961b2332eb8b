import { lazy, Suspense, useSyncExternalStore, type ComponentType } from "react";

const subscribe = () => () => {};

/** False during server rendering and hydration, true once the browser has taken over. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A client-only island loaded on demand: nothing of it is in the page's first bundle,
 * nothing renders on the server, and pages work the same without it.
 */
export function lazyIsland<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Lazy = lazy(load);
  return function Island(props: P) {
    const hydrated = useHydrated();
    if (!hydrated) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
