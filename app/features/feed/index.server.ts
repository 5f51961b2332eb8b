/**
 * What other features may use of the feed on the server: writing and taking down posts (the
 * one way posts are written), and the welcome post as a listener of what members do.
 */
export { removePostsAbout, writePost } from "./feed.server";
export { welcomeNewMembers } from "./welcome.server";
