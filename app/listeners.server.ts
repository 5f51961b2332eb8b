/**
 * Who hears what members do (platform/happened.server.ts): the one place the features that
 * follow an action are wired to the commands that publish it, so those commands import
 * neither (decision 1202). Loaded by the server before it seeds or listens (server/app.ts),
 * by the server build's entry (entry.server.tsx: development reloads a changed listener
 * with it) and by every test database (tests/support/db.ts).
 *
 * In this order, as the signup wrote them before: the 'Complete Signup' step (and its
 * quest's post) first, then the welcome post.
 */
import { welcomeNewMembers } from "~/features/feed/index.server";
import { countForQuests } from "~/features/quests/index.server";
import { listen } from "~/platform/happened.server";

listen("quest progress", countForQuests);
listen("welcome post", welcomeNewMembers);
