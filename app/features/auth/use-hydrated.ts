import { useEffect, useState } from "react";

/** False during the server render and the first client render; true once JavaScript runs. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
