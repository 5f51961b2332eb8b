import { useMatches } from "react-router";

/** What a route's handle says about search engines (decision 0513). */
export interface IndexableHandle {
  /** The page is the same public front door for everyone and may be indexed. */
  indexable?: true;
}

/**
 * `noindex` on every page but the few front doors that say they may be indexed (the home
 * and landing pages, sign-in and register): the rest show members' names, messages and
 * accounts, or are a member's own, and have no place in a search engine even when an
 * operator opens the feed to visitors. Star receipts stay shareable by their link.
 */
export function RobotsMeta() {
  const matches = useMatches();
  const page = matches[matches.length - 1];
  const indexable = (page?.handle as IndexableHandle | undefined)?.indexable === true;
  return indexable ? null : <meta name="robots" content="noindex" />;
}
